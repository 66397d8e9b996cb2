// `node bench/search.ts`: quick-search query times (p50/p95) over 100,000 messages in 1,000 chats of one user, with
// the very statement POST /api/search runs, on a private native PostgreSQL (as production's Neon is) when the
// machine has one with pgvector, else on an in-process PGlite; BENCH_SEARCH_DB=pglite forces PGlite.
// BENCH_SEARCH_KEEP=1 leaves the native cluster running afterwards and prints its URL (for EXPLAIN).
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { vector } from "@electric-sql/pglite-pgvector";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { drizzle } from "drizzle-orm/pglite";
import pg from "pg";
import { migrate, migratePglite } from "../scripts/db/migrate.ts";
import { findPostgres, startPrivateCluster } from "../scripts/db/private-cluster.ts";
import type { Database } from "../src/db/client.ts";
import { searchChats } from "../src/db/search.ts";
import { containsPattern, queryWords, SEARCH_PAGE_SIZE } from "../src/domain/search.ts";

const CHATS = Number(process.env.BENCH_SEARCH_CHATS ?? 1_000);
const MESSAGES = Number(process.env.BENCH_SEARCH_MESSAGES ?? 100_000);
const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 30);
const BATCH = 2_000;

// A seeded generator (mulberry32, 32-bit integer arithmetic): the same corpus every run.
let seed = 42;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
};
const SYLLABLES = [
  "ka",
  "lo",
  "mi",
  "ne",
  "ru",
  "ta",
  "si",
  "po",
  "de",
  "fa",
  "gi",
  "ho",
  "ve",
  "zu",
  "bri",
  "sto",
];
const vocabulary = Array.from({ length: 5_000 }, (_, i) => {
  let word = "";
  for (let n = i + 1; n > 0; n = Math.floor(n / SYLLABLES.length)) word += SYLLABLES[n % SYLLABLES.length];
  return word.length < 4 ? `${word}ra` : word;
});
// Zipf-like: a few words are everywhere, most are rare, as in real text.
const pick = () => vocabulary[Math.floor(random() ** 3 * vocabulary.length)] ?? "word";
const sentence = (words: number) => Array.from({ length: words }, pick).join(" ");

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * q)] ?? Number.NaN;
const ms = (x: number) => `${x.toFixed(1)} ms`;

interface Target {
  name: string;
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  db: Database;
  close(): Promise<void>;
}

async function openTarget(): Promise<Target> {
  const found = process.env.BENCH_SEARCH_DB === "pglite" ? null : findPostgres();
  if (found?.ok) {
    const cluster = await startPrivateCluster(found.install);
    await migrate(cluster.url);
    const pool = new pg.Pool({ connectionString: cluster.url, max: 2 });
    return {
      name: `native PostgreSQL ${cluster.version} (private cluster, same machine)`,
      query: async <T>(text: string, params?: unknown[]) => ({
        rows: (await pool.query(text, params)).rows as T[],
      }),
      db: drizzleNodePg({ client: pool }) as unknown as Database,
      close: async () => {
        await pool.end();
        if (process.env.BENCH_SEARCH_KEEP) console.log(`  cluster kept running: ${cluster.url}`);
        else await cluster.stop();
      },
    };
  }
  if (found && !found.ok) console.log(`  (no native PostgreSQL: ${found.reason}; using PGlite)`);
  const pglite = await PGlite.create({ extensions: { vector, pg_trgm } });
  await migratePglite(pglite);
  return {
    name: "PGlite (PostgreSQL in WebAssembly, in process)",
    query: <T>(text: string, params?: unknown[]) => pglite.query<T>(text, params),
    db: drizzle({ client: pglite }) as unknown as Database,
    close: () => pglite.close(),
  };
}

const client = await openTarget();
const db = client.db;
console.log(`search bench on ${client.name}`);
const {
  rows: [owner],
} = await client.query<{ id: number }>(
  `insert into hot."user" (email) values ('bench@example.test') returning id`,
);
const userId = Number(owner?.id);
// Another user's data beside it: the owner filter has to work.
const {
  rows: [other],
} = await client.query<{ id: number }>(
  `insert into hot."user" (email) values ('other@example.test') returning id`,
);

const DAY = 86_400_000;
const now = Date.now();
const chatIds: number[] = [];
const { rows: chats } = await client.query<{ id: number }>(
  `insert into hot.chat ("user", title, model, "createdAt", "updatedAt")
   select case when n % 10 = 0 then $2::bigint else $1::bigint end, 'Chat about ' || ($3::text[])[1 + n % 500], 'test',
     now() - make_interval(days => n % 365), now() - make_interval(days => n % 365)
   from generate_series(1, $4::int) n returning id`,
  [userId, Number(other?.id), vocabulary, CHATS],
);
for (const c of chats) chatIds.push(Number(c.id));

console.log(
  `search bench: writing ${MESSAGES.toLocaleString("en")} messages in ${CHATS} chats (the trigger indexes each)…`,
);
const started = performance.now();
for (let done = 0; done < MESSAGES; done += BATCH) {
  const n = Math.min(BATCH, MESSAGES - done);
  const chat: number[] = [];
  const content: string[] = [];
  const at: string[] = [];
  for (let i = 0; i < n; i++) {
    chat.push(chatIds[Math.floor(random() * chatIds.length)] ?? 0);
    content.push(sentence(15 + Math.floor(random() * 120)));
    at.push(new Date(now - random() * 365 * DAY).toISOString());
  }
  await client.query(
    `insert into hot.message (chat, content, metadata, "createdAt")
     select c, t, '{"role":"user"}', a from unnest($1::bigint[], $2::text[], $3::timestamptz[]) as u(c, t, a)`,
    [chat, content, at],
  );
}
await client.query("analyze");
console.log(`  written and indexed in ${((performance.now() - started) / 1000).toFixed(0)} s`);

// What people type: a word being typed, whole words, a rare word, a typo, a wider window, and code.
const common = vocabulary[3] ?? "";
const middling = vocabulary[400] ?? "";
const rare = vocabulary[4_000] ?? "";
const typo = `${middling.slice(0, 2)}${middling[3]}${middling[2]}${middling.slice(4)}`;
const cases: { label: string; query: string; months: number }[] = [
  { label: "prefix, 3 letters", query: common.slice(0, 3), months: 1 },
  { label: "common word", query: `${common} `, months: 1 },
  { label: "two words", query: `${common} ${middling}`, months: 1 },
  { label: "rare word", query: `${rare} `, months: 1 },
  { label: "typo", query: `${typo} `, months: 1 },
  { label: "two words, 12 months", query: `${common} ${middling.slice(0, 4)}`, months: 12 },
  // Code: words joined by punctuation match side by side (a phrase), and a punctuated query's messages
  // holding it as typed come first.
  { label: "code, words joined", query: `${common}.${middling}(`, months: 1 },
];

const all: number[] = [];
console.log(`  ${RUNS} runs per query, user with ${chatIds.length * 0.9} chats:`);
for (const c of cases) {
  const raw = c.query.trim().toLowerCase();
  const input = {
    ...queryWords(c.query),
    userId,
    raw,
    like: containsPattern(raw),
    months: c.months,
    offset: 0,
    limit: SEARCH_PAGE_SIZE,
  };
  await searchChats(db, input);
  const times: number[] = [];
  let found = 0;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    found = (await searchChats(db, input)).rows.length;
    times.push(performance.now() - t0);
  }
  all.push(...times);
  console.log(
    `  ${c.label.padEnd(22)} "${c.query}" (${found} rows): p50 ${ms(quantile(times, 0.5))}, p95 ${ms(quantile(times, 0.95))}`,
  );
}
console.log(
  `  all queries: p50 ${ms(quantile(all, 0.5))}, p95 ${ms(quantile(all, 0.95))} (goal ≤ 30 ms p95)`,
);
await client.close();
