// `npm run bench` (public API part): first token through POST /api/v1/chat/completions — the key and the quota
// in one statement, the provider adapter, OpenAI's chunks — against the same upstream called directly.
import { createHash, randomBytes } from "node:crypto";
import pg from "pg";
import { benchServing, serveBuiltApp } from "../scripts/lib/build.ts";
import { startEphemeralDb } from "../tests/setup/ephemeral-db.ts";
import { startBenchUpstream } from "./upstream.ts";

const MODEL = "gpt-5-mini";
const RUNS = Number(process.env.BENCH_RUNS ?? 15);

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)] ?? Number.NaN;
const ms = (x: number) => `${x.toFixed(1)} ms`;

/** Reads an SSE body until `on` returns true or it ends; returns when the first token came (ms after t0). */
async function firstToken(res: Response, t0: number, on?: () => void): Promise<number> {
  if (!res.body) throw new Error("the answer has no body");
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error("the stream ended before its first token");
      text += decoder.decode(value, { stream: true });
      if (text.includes("tok0")) {
        const first = performance.now() - t0;
        on?.();
        return first;
      }
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

const db = await startEphemeralDb();
const upstream = await startBenchUpstream({ tokens: 20, intervalMs: 10, firstDelayMs: 300 });
console.log("building the app…");
const app = await serveBuiltApp(
  "bench-api",
  {
    DATABASE_URL: db.url,
    DB_WS_PROXY: `127.0.0.1:${db.wsPort}`,
    APP_ENV: "test",
    OPENAI_BASE_URL: upstream.baseUrl,
    OPENAI_API_KEY: "bench",
    // One key sends every request here: more than a person's minute.
    API_KEY_REQUESTS_PER_MINUTE: "10000",
  },
  benchServing(),
);

try {
  // An expert account and its key, written straight to the database (only the key's digest, as the app does).
  const key = `sb_${randomBytes(32).toString("base64url")}`;
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const { rows } = await client.query<{ id: number }>(
    `insert into hot."user" (email, verified) values ('bench-api@bench.test', true) returning id`,
  );
  const userId = rows[0]?.id;
  await client.query(
    `insert into hot.subscription ("userId", customer, subscription, amount, ok, quantity) values ($1, 'cus', 'sub', 60000, true, 1)`,
    [userId],
  );
  await client.query(`insert into hot.api_key ("userId", name, prefix, hash) values ($1, 'bench', $2, $3)`, [
    userId,
    key.slice(0, 11),
    createHash("sha256").update(key).digest("hex"),
  ]);
  await client.end();

  const body = (model: string) =>
    JSON.stringify({ model, stream: true, messages: [{ role: "user", content: "bench" }] });
  /** The upstream alone, asked as the app asks it for MODEL (OpenAI's reasoning models: the Responses API). */
  async function direct(): Promise<number> {
    const t0 = performance.now();
    const res = await fetch(`${upstream.baseUrl}/responses`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ model: "bench", stream: true, input: "bench" }),
    });
    return firstToken(res, t0);
  }
  async function throughApi(): Promise<{ first: number; relay: number }> {
    const t0 = performance.now();
    const res = await fetch(`${app.url}/api/v1/chat/completions`, {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: body(MODEL),
    });
    if (res.status !== 200) throw new Error(`/api/v1 answered ${res.status}: ${await res.text()}`);
    let relay = 0;
    const first = await firstToken(res, t0, () => {
      relay = performance.now() - upstream.firstTokenAt();
    });
    return { first, relay };
  }

  await throughApi(); // warm up: module load, first connection
  const d: number[] = [];
  const w: { first: number; relay: number }[] = [];
  for (let i = 0; i < RUNS; i++) {
    d.push(await direct());
    w.push(await throughApi());
  }
  const first = w.map((x) => x.first);
  console.log(
    `\nPublic API: POST /api/v1/chat/completions (stream) vs the upstream alone (${RUNS} runs each)\n`,
  );
  console.log("| measure | upstream directly | through /api/v1 | added |");
  console.log("|---|---|---|---|");
  console.log(
    `| first token (300 ms model delay), p50 | ${ms(p50(d))} | ${ms(p50(first))} | ${ms(p50(first) - p50(d))} |`,
  );
  console.log(`| first token, p90 | ${ms(p90(d))} | ${ms(p90(first))} | |`);
  console.log(
    `| relay of the first token (upstream wrote it → client got it), p50 | | ${ms(p50(w.map((x) => x.relay)))} | |`,
  );
} finally {
  await app.stop();
  await upstream.close();
  await db.close();
}
