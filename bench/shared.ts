// `npm run bench` (shared page): time to first byte of a shared chat's page from the built Worker, uncached
// (rendered from Postgres) and from the edge cache, and its HTML size. Its Lighthouse score is measured with
// the other pages' by bench/lighthouse.ts. Figures, not pass/fail; everything runs on this machine.
import { randomUUID } from "node:crypto";
import { gzipSync } from "node:zlib";
import pg from "pg";
import { benchServing, serveBuiltApp } from "../scripts/lib/build.ts";
import { startEphemeralDb } from "../tests/setup/ephemeral-db.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 15);

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)] ?? Number.NaN;
const ms = (x: number) => `${x.toFixed(1)} ms`;

/** A conversation of the kind people share: prose, a list, a table, code and math, eight exchanges. */
function conversation(): { role: "user" | "assistant"; content: string }[] {
  const answer = (i: number) =>
    [
      `## Part ${i + 1}: what matters`,
      "Here is the short version, then the details. **Caching** at the edge turns a database round trip into a",
      "local read; *purging* on change keeps it honest.",
      "",
      "- the page is rendered once per change",
      "- readers get it from the nearest data centre",
      "- revoking a link purges it at once",
      "",
      "| step | cost |",
      "|---|---|",
      "| render | one query |",
      "| cached | none |",
      "",
      "```ts",
      "export async function handler(request: Request): Promise<Response> {",
      "  const hit = await caches.default.match(request);",
      "  return hit ?? render(request);",
      "}",
      "```",
      "",
      "The expected cost is $E[T] = p\\,t_{hit} + (1 - p)\\,t_{miss}$, which for $p = 0.95$ is dominated by hits.",
    ].join("\n");
  return Array.from({ length: 16 }, (_, i) =>
    i % 2 === 0
      ? { role: "user" as const, content: `Question ${i / 2 + 1}: how does sharing stay fast and private?` }
      : { role: "assistant" as const, content: answer((i - 1) / 2) },
  );
}

async function ttfb(
  url: string,
): Promise<{ ms: number; status: number; cache: string | null; body: string }> {
  const t0 = performance.now();
  const res = await fetch(url);
  const reader = res.body?.getReader();
  const first = await reader?.read();
  const elapsed = performance.now() - t0;
  const decoder = new TextDecoder();
  let body = first?.value ? decoder.decode(first.value, { stream: true }) : "";
  for (;;) {
    const chunk = await reader?.read();
    if (!chunk || chunk.done) break;
    body += decoder.decode(chunk.value, { stream: true });
  }
  return { ms: elapsed, status: res.status, cache: res.headers.get("X-Share-Cache"), body };
}

const db = await startEphemeralDb();
console.log("building the app…");
const app = await serveBuiltApp(
  "bench-shared",
  {
    DATABASE_URL: db.url,
    DB_WS_PROXY: `127.0.0.1:${db.wsPort}`,
    APP_ENV: "test",
  },
  benchServing(),
);

try {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const { rows } = await client.query<{ id: number }>(
    `insert into hot."user" (email, verified) values ($1, true) returning id`,
    [`bench-shared-${Date.now()}@bench.test`],
  );
  const userId = rows[0]?.id;
  /** A shared chat of its own per run, so every first visit is a real cache miss. */
  async function sharedChat(): Promise<string> {
    const publicId = randomUUID();
    const chat = await client.query<{ id: number }>(
      `insert into hot.chat ("user", title, model) values ($1, 'How sharing stays fast', 'gpt-5-mini') returning id`,
      [userId],
    );
    const chatId = chat.rows[0]?.id;
    for (const m of conversation()) {
      await client.query(`insert into hot.message (chat, content, metadata, model) values ($1, $2, $3, $4)`, [
        chatId,
        m.content,
        m.role === "user" ? { role: "user" } : { role: "assistant", done: true, outcome: "done" },
        m.role === "user" ? null : "gpt-5-mini",
      ]);
    }
    await client.query(
      `update hot.chat set "publicId" = $1, "sharedUpTo" = (select max(id) from hot.message where chat = $2) where id = $2`,
      [publicId, chatId],
    );
    return `${app.url}/shared/${publicId}`;
  }

  // One warm-up: the isolate, the driver and the markdown libraries load once.
  await ttfb(await sharedChat());
  const uncached: number[] = [];
  const cached: number[] = [];
  let html = "";
  for (let i = 0; i < RUNS; i++) {
    const url = await sharedChat();
    const miss = await ttfb(url);
    if (miss.status !== 200 || miss.cache !== "MISS")
      throw new Error(`first visit: ${miss.status} ${miss.cache}`);
    uncached.push(miss.ms);
    // The Cache API write happens after the answer (waitUntil): give it its moment.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const hit = await ttfb(url);
    if (hit.cache !== "HIT") throw new Error(`second visit was not served from the cache: ${hit.cache}`);
    cached.push(hit.ms);
    html = hit.body;
  }
  const bytes = Buffer.byteLength(html);
  const gzip = gzipSync(html).byteLength;
  console.log(`\nShared page (${RUNS} runs; 8 exchanges with lists, a table, code and math per answer):`);
  console.log(`  TTFB uncached (render from Postgres)  p50 ${ms(p50(uncached))}  p90 ${ms(p90(uncached))}`);
  console.log(`  TTFB cached (Cache API)               p50 ${ms(p50(cached))}  p90 ${ms(p90(cached))}`);
  console.log(
    `  HTML size                             ${(bytes / 1000).toFixed(1)} KB (${(gzip / 1000).toFixed(1)} KB gzip), 0 scripts`,
  );

  await client.end();
} finally {
  await app.stop();
  await db.close();
}
