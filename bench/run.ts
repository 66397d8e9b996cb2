// `npm run bench`: streaming figures through the built Worker + ChatStream object vs the upstream alone.
// Figures, not pass/fail. Everything runs on this machine: a migrated PGlite (or DATABASE_URL's PostgreSQL,
// through the bridge's pool), the build in workerd (scripts/lib/build.ts: Miniflare, or wrangler dev with
// BENCH_VIA=wrangler), a bench upstream.
import pg from "pg";
import { findPostgres, startPrivateCluster } from "../scripts/db/private-cluster.ts";
import { benchServing, serveBuiltApp } from "../scripts/lib/build.ts";
import { startEphemeralDb } from "../tests/setup/ephemeral-db.ts";
import { benchExpert, benchHeaders, postSend } from "./accounts.ts";
import { recordFigure } from "./results.ts";
import { startBenchUpstream } from "./upstream.ts";

const MODEL = "gpt-5-mini";
// 25: the first-token p50s moved ±0.5 ms from run to run over 15 answers on this machine.
const RUNS = Number(process.env.BENCH_RUNS ?? 25);

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)] ?? Number.NaN;
const ms = (x: number) => `${x.toFixed(1)} ms`;

/** Reads an SSE body, calling `on` per event; resolves when the body ends. */
async function readSse(
  body: ReadableStream<Uint8Array> | null,
  on: (type: string, data: string, id: string | null) => boolean | undefined,
) {
  if (!body) throw new Error("the answer has no body");
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      for (let cut = buffer.indexOf("\n\n"); cut >= 0; cut = buffer.indexOf("\n\n")) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const field = (name: string) =>
          block
            .split("\n")
            .find((l) => l.startsWith(`${name}:`))
            ?.slice(name.length + 1)
            .trim() ?? null;
        const data = field("data");
        if (data === null) continue;
        if (on(field("event") ?? "message", data, field("id")) === true) return;
      }
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

const db = await startEphemeralDb();
/** What the figures ran on: `DATABASE_URL=… npm run bench` measures a real PostgreSQL instead of PGlite. */
const dbLabel = db.description.startsWith("PGlite") ? "PGlite" : "PostgreSQL (DATABASE_URL)";
const upstream = await startBenchUpstream({ tokens: 200, intervalMs: 10 });
console.log("building the app…");
const app = await serveBuiltApp(
  "bench",
  {
    DATABASE_URL: db.url,
    DB_WS_PROXY: `127.0.0.1:${db.wsPort}`,
    APP_ENV: "test",
    OPENAI_BASE_URL: upstream.baseUrl,
    OPENAI_API_KEY: "bench",
  },
  benchServing(),
);
const origin = app.url;

try {
  // Signed-in expert accounts, written straight to the database: one per answer, since a person's answers
  // are held to the fair-usage rate (20 a minute) and the bench starts hundreds.
  let accounts = 0;
  const accountsOn = (client: pg.Client, origin: string) => async (): Promise<Record<string, string>> =>
    benchHeaders(await benchExpert(client, `bench-${Date.now()}-${++accounts}@bench.test`), origin);
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const newAccount = accountsOn(client, origin);
  const headers = await newAccount();

  /** The upstream alone, asked as the app asks it for MODEL (OpenAI's reasoning models: the Responses API). */
  async function direct() {
    const t0 = performance.now();
    const res = await fetch(`${upstream.baseUrl}/responses`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ model: "bench", stream: true, input: "hi" }),
    });
    let first = 0;
    let tokens = 0;
    await readSse(res.body, (type) => {
      if (type === "response.completed") return true;
      if (type === "response.output_text.delta") {
        tokens++;
        first ||= performance.now() - t0;
      }
    });
    return { first, total: performance.now() - t0, tokens };
  }

  /** One answer through the app: in a new chat, or (`inChat`) a question more in an existing one. */
  async function through(as?: Record<string, string>, base = origin, inChat?: number) {
    const headers = as ?? (await newAccount());
    const t0 = performance.now();
    const res = await postSend(base, headers, { model: MODEL, chatId: inChat });
    if (res.status !== 201)
      throw new Error(`chat/${inChat ? "send" : "new"} answered ${res.status}: ${await res.text()}`);
    const chat = inChat ? { id: inChat } : ((await res.json()) as { chat: { id: number } }).chat;
    const sent = performance.now() - t0;
    const stream = await fetch(`${base}/api/chat/${chat.id}/stream`, { headers });
    if (stream.status !== 200) throw new Error(`stream answered ${stream.status}: ${await stream.text()}`);
    let first = 0;
    let relay = 0;
    let text = "";
    let startId: string | null = null;
    let outcome = "";
    let last = "nothing";
    await readSse(stream.body, (type, data, id) => {
      last = type;
      if (type === "start") startId = id;
      if (type === "text") {
        if (!first) {
          first = performance.now() - t0;
          relay = performance.now() - upstream.firstTokenAt();
        }
        text += (JSON.parse(data) as { delta: string }).delta;
      }
      if (type === "done") {
        outcome = (JSON.parse(data) as { outcome: string }).outcome;
        return true;
      }
    });
    return {
      chatId: chat.id,
      sent,
      // When the provider was asked (the upstream's clock is this process's): the time the app takes first.
      asked: (upstream.firstRequestSince(t0) ?? Number.NaN) - t0,
      relay,
      first,
      last,
      total: performance.now() - t0,
      tokens: text.split("tok").length - 1,
      startId,
      outcome,
    };
  }

  // 1. Time to first token and total time, paced upstream (300 ms to the first token, then 200 tokens
  // 10 ms apart): the reader is attached before the first token, so the relay time is the relay's own.
  upstream.setPlan({ tokens: 200, intervalMs: 10, firstDelayMs: 300 });
  await through(); // warm up: module load, first DO, first connection
  const d: Awaited<ReturnType<typeof direct>>[] = [];
  const w: Awaited<ReturnType<typeof through>>[] = [];
  // The same, each a second question in a chat of its own (a new account each: the fair-usage rate).
  const e: Awaited<ReturnType<typeof through>>[] = [];
  for (let i = 0; i < RUNS; i++) {
    d.push(await direct());
    w.push(await through());
    const as = await newAccount();
    e.push(await through(as, origin, (await through(as)).chatId));
  }
  // 2. Relay throughput: the upstream sends 5,000 tokens as fast as it can.
  upstream.setPlan({ tokens: 5_000, intervalMs: 0 });
  const fastDirect = await direct();
  const fastThrough = await through(headers);
  // 3. Resume: a reader arriving with Last-Event-ID of the start event gets the replay.
  const resumeTimes: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    let first = 0;
    const res = await fetch(`${origin}/api/chat/${fastThrough.chatId}/stream`, {
      headers: { ...headers, "Last-Event-ID": String(fastThrough.startId) },
    });
    await readSse(res.body, (type) => {
      if (type === "text") {
        first = performance.now() - t0;
        return true;
      }
    });
    resumeTimes.push(first);
  }
  // 4. Concurrent live streams in one local runtime; every failure is counted by its cause.
  upstream.setPlan({ tokens: 100, intervalMs: 20 });
  type Concurrency = {
    db: string;
    streams: number;
    ok: number;
    errors: number;
    seconds: number;
    causes: string;
  };
  async function concurrent(n: number, label: string, base: string, makeAccount: typeof newAccount) {
    const people = await Promise.all(Array.from({ length: n }, () => makeAccount()));
    const t0 = performance.now();
    const results = await Promise.allSettled(people.map((as) => through(as, base)));
    const causes = new Map<string, number>();
    const count = (cause: string) => causes.set(cause, (causes.get(cause) ?? 0) + 1);
    let ok = 0;
    for (const r of results) {
      if (r.status === "rejected")
        count(String(r.reason instanceof Error ? r.reason.message : r.reason).slice(0, 120));
      else if (r.value.outcome !== "done") {
        const { outcome, tokens, last } = r.value;
        count(
          outcome
            ? `stream ended "${outcome}"`
            : `stream ended without done (${tokens} tokens, last ${last})`,
        );
      } else if (r.value.tokens !== 100) count(`${r.value.tokens} of 100 tokens`);
      else ok++;
    }
    const causeText = [...causes].map(([cause, k]) => `${k}× ${cause}`).join("; ");
    const seconds = (performance.now() - t0) / 1000;
    return { db: label, streams: n, ok, errors: n - ok, seconds, causes: causeText } satisfies Concurrency;
  }
  const concurrency: Concurrency[] = [];
  let failedAt: number | null = null;
  for (const n of (process.env.BENCH_STREAMS ?? "50,100,200,500").split(",").map(Number)) {
    const result = await concurrent(n, dbLabel, origin, newAccount);
    concurrency.push(result);
    if (result.ok < n) {
      failedAt = n;
      break;
    }
  }
  // PGlite is one Postgres session: when it is the limit, the same load on a real PostgreSQL shows it.
  const found = failedAt === null || process.env.BENCH_NO_POSTGRES ? null : findPostgres();
  if (failedAt !== null && found?.ok) {
    const cluster = await startPrivateCluster(found.install);
    process.env.DATABASE_URL = cluster.url;
    const realDb = await startEphemeralDb();
    delete process.env.DATABASE_URL;
    const realApp = await serveBuiltApp(
      "bench-postgres",
      {
        DATABASE_URL: realDb.url,
        DB_WS_PROXY: `127.0.0.1:${realDb.wsPort}`,
        APP_ENV: "test",
        OPENAI_BASE_URL: upstream.baseUrl,
        OPENAI_API_KEY: "bench",
      },
      benchServing(),
    );
    const realClient = new pg.Client({ connectionString: realDb.url });
    await realClient.connect();
    try {
      const label = `PostgreSQL ${cluster.version}`;
      concurrency.push(await concurrent(failedAt, label, realApp.url, accountsOn(realClient, realApp.url)));
    } finally {
      await realClient.end();
      await realApp.stop();
      await realDb.close();
      await cluster.stop();
    }
  }

  const rowsOut = [
    [
      "relay of the first token (upstream wrote it → reader got it), p50",
      "",
      ms(p50(w.map((x) => x.relay))),
      ms(p50(w.map((x) => x.relay))),
    ],
    ["relay of the first token, p90", "", ms(p90(w.map((x) => x.relay))), ""],
    [
      "first token, p50",
      ms(p50(d.map((x) => x.first))),
      ms(p50(w.map((x) => x.first))),
      ms(p50(w.map((x) => x.first)) - p50(d.map((x) => x.first))),
    ],
    ["first token, p90", ms(p90(d.map((x) => x.first))), ms(p90(w.map((x) => x.first))), ""],
    ["provider asked, after sending, p50", "", ms(p50(w.map((x) => x.asked))), ""],
    [
      "first token, a question more in an existing chat, p50",
      "",
      ms(p50(e.map((x) => x.first))),
      ms(p50(e.map((x) => x.first)) - p50(d.map((x) => x.first))),
    ],
    ["provider asked, existing chat, p50", "", ms(p50(e.map((x) => x.asked))), ""],
    ["send answered (reads, quota, messages, DO start), p50", "", ms(p50(w.map((x) => x.sent))), ""],
    [
      "whole answer (300 ms, then 200 tokens @10 ms), p50",
      ms(p50(d.map((x) => x.total))),
      ms(p50(w.map((x) => x.total))),
      ms(p50(w.map((x) => x.total)) - p50(d.map((x) => x.total))),
    ],
    [
      "relay throughput, 5,000 tokens back to back",
      `${Math.round(fastDirect.tokens / (fastDirect.total / 1000))} tok/s`,
      `${Math.round(fastThrough.tokens / ((fastThrough.total - fastThrough.first) / 1000))} tok/s`,
      "",
    ],
    ["first replayed token on resume, p50", "", ms(p50(resumeTimes)), ""],
  ];
  console.log(
    `\nStreaming through the Worker + ChatStream vs the upstream alone (${RUNS} runs each; ${db.description})\n`,
  );
  console.log("| measure | upstream directly | through Worker + DO | added |");
  console.log("|---|---|---|---|");
  for (const r of rowsOut) console.log(`| ${r.join(" | ")} |`);
  console.log(
    "\n| concurrent streams (100 tokens @20 ms) | database | complete | errors | wall time | causes |",
  );
  console.log("|---|---|---|---|---|---|");
  for (const c of concurrency)
    console.log(
      `| ${c.streams} | ${c.db} | ${c.ok} | ${c.errors} | ${c.seconds.toFixed(1)} s | ${c.causes || "—"} |`,
    );
  recordFigure("relay", ms(p50(w.map((x) => x.relay))));
  recordFigure(
    "firstTokenAddedExistingChat",
    `+${ms(p50(e.map((x) => x.first)) - p50(d.map((x) => x.first)))} (${ms(p50(e.map((x) => x.first)))} vs ${ms(p50(d.map((x) => x.first)))}, ${dbLabel})`,
  );
  recordFigure(
    "firstTokenAdded",
    `+${ms(p50(w.map((x) => x.first)) - p50(d.map((x) => x.first)))} (${ms(p50(w.map((x) => x.first)))} vs ${ms(p50(d.map((x) => x.first)))}, ${dbLabel})`,
  );
  recordFigure("streams", concurrency.map((c) => `${c.streams} on ${c.db}: ${c.errors} errors`).join("; "));
  await client.end();
} finally {
  await app.stop();
  await upstream.close();
  await db.close();
}
