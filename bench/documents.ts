// `npm run bench` (documents part): ingest speed of a 100-page PDF and a 10,000-row CSV, retrieval over
// 100,000 passages, and the hit rate of the right passage on a fixed question set. Figures, not pass/fail.
import { readFileSync } from "node:fs";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "../drizzle/schema.ts";
import { migrate } from "../scripts/db/migrate.ts";
import { findPostgres, startPrivateCluster } from "../scripts/db/private-cluster.ts";
import type { Database } from "../src/db/client.ts";
import { searchPassages } from "../src/db/embeddings.ts";
import { ingestDocument } from "../src/documents/ingest.ts";
import { retrievePassages } from "../src/documents/retrieve.ts";
import { providerConfigFromEnv } from "../src/providers/config.ts";
import { startEphemeralDb } from "../tests/setup/ephemeral-db.ts";
import { makePdf } from "../tests/support/documents.ts";
import { startUpstreams } from "../tests/upstreams/index.ts";

const PASSAGES = Number(process.env.BENCH_PASSAGES ?? 100_000);
const CHATS = 1_000;
const QUERIES = 200;

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length * p)] ?? Number.NaN;
const ms = (n: number) => `${n.toFixed(1)} ms`;

// A real multi-connection PostgreSQL when the machine has one (pgvector builds its index natively there);
// else the embedded PGlite, on which an HNSW build of 100,000 vectors takes far too long for a bench.
const found = findPostgres();
const cluster = found.ok ? await startPrivateCluster(found.install) : undefined;
const ephemeral = cluster ? undefined : await startEphemeralDb();
const url = cluster?.url ?? ephemeral?.url ?? "";
const passages = cluster ? PASSAGES : Math.min(PASSAGES, 10_000);
await migrate(url);
const pool = new pg.Pool({ connectionString: url, max: 4 });
const db = drizzle({ client: pool, schema }) as unknown as Database;
const upstreams = await startUpstreams();
const config = providerConfigFromEnv(upstreams.env);
const rows: [string, string][] = [];

try {
  const one = async <T>(text: string, values: unknown[] = []) =>
    (await pool.query(text, values)).rows[0] as T;
  const { id: userId } = await one<{ id: number }>(
    `insert into hot."user" (email) values ('bench@example.test') returning id`,
  );
  const { id: assistantId } = await one<{ id: number }>(
    `insert into hot.assistant ("userId", label) values ($1, 'Bench') returning id`,
    [userId],
  );
  await pool.query(
    `insert into hot.chat ("user", title, model) select $1, 'chat ' || g, 'test' from generate_series(1, ${CHATS}) g`,
    [userId],
  );
  const chatIds = (
    await pool.query(`select id from hot.chat where "user" = $1 order by id`, [userId])
  ).rows.map((r: { id: number }) => r.id);
  const newAttachment = async (name: string) =>
    (
      await one<{ id: string }>(
        `insert into hot.attachment ("userId", name, type, content, size) values ($1, $2, 'document', '{"location":"bench"}', 1) returning id`,
        [userId, name],
      )
    ).id;

  // Ingest: extraction, chunks, embeddings through the SDK (local stand-in), rows into Postgres.
  const words =
    "river stone lantern orchard harbour meadow copper violin glacier saffron thunder velvet".split(" ");
  const page = (n: number) =>
    Array.from({ length: 24 }, (_, line) =>
      Array.from({ length: 10 }, (_, w) => words[(n * 7 + line * 3 + w) % words.length]).join(" "),
    );
  const pdf = makePdf(Array.from({ length: 100 }, (_, n) => page(n)));
  let began = performance.now();
  const pdfResult = await ingestDocument(db, config, {
    userId,
    attachment: { id: await newAttachment("bench.pdf"), name: "bench.pdf" },
    bytes: pdf,
    chatId: chatIds[0],
  });
  const pdfMs = performance.now() - began;
  rows.push([
    "ingest a 100-page PDF (extract, chunk, embed, store)",
    `${ms(pdfMs)}: ${((100 / pdfMs) * 1000).toFixed(0)} pages/s, ${pdfResult.passages} passages`,
  ]);
  const csv = [
    "id,name,city,amount",
    ...Array.from({ length: 10_000 }, (_, i) => `${i},${words[i % 12]} ${i},${words[(i * 5) % 12]},${i * 3}`),
  ].join("\n");
  began = performance.now();
  const csvResult = await ingestDocument(db, config, {
    userId,
    attachment: { id: await newAttachment("bench.csv"), name: "bench.csv" },
    bytes: new TextEncoder().encode(csv),
    chatId: chatIds[1],
  });
  const csvMs = performance.now() - began;
  rows.push([
    "ingest a 10,000-row CSV",
    `${ms(csvMs)}: ${((10_000 / csvMs) * 1000).toFixed(0)} rows/s, ${csvResult.passages} passages`,
  ]);

  // Quality: the right passage among the top 5, on public-domain texts shipped in tests/fixtures.
  const fixtures = new URL("../tests/fixtures/documents/", import.meta.url);
  const qualityChat = chatIds[2];
  for (const name of ["bill-of-rights.md", "gettysburg-address.txt"]) {
    await ingestDocument(db, config, {
      userId,
      attachment: { id: await newAttachment(name), name },
      bytes: readFileSync(new URL(name, fixtures)),
      chatId: qualityChat,
    });
  }
  const questions = JSON.parse(readFileSync(new URL("questions.json", fixtures), "utf8")) as {
    question: string;
    source: string;
    expect: string;
  }[];
  let hits = 0;
  for (const q of questions) {
    const got = await retrievePassages(db, config, {
      userId,
      chatId: qualityChat,
      question: q.question,
      limit: 5,
    });
    if (got.passages.some((p) => p.metadata.name === q.source && p.content.includes(q.expect))) hits++;
    else console.log(`  miss: ${q.question}`);
  }
  rows.push([
    "right passage in the top 5 (fixed questions, lexical stand-in embeddings)",
    `${hits} of ${questions.length}`,
  ]);

  // Retrieval at scale: passages spread over 1,000 chats, all of them also under one assistant.
  console.log(`writing ${passages.toLocaleString("en")} passages of 1,536 dimensions…`);
  began = performance.now();
  // Bulk-loaded, then indexed: an HNSW index built once is much faster than one grown row by row.
  await pool.query("drop index hot.embedding_hnsw_idx");
  const perBatch = 5_000;
  for (let start = 0; start < passages; start += perBatch) {
    await pool.query(
      `insert into hot.embedding (content, metadata, embedding, "userId", "chatId", "assistantId")
       select 'passage ' || g, jsonb_build_object('attachmentId', 'bench', 'name', 'bench', 'index', g),
              (select array_agg(random() - 0.5) from generate_series(1, 1536) where g >= 0)::vector,
              $1, ($2::bigint[])[1 + g % ${CHATS}], $3
       from generate_series($4::int, $5::int) g`,
      [userId, chatIds, assistantId, start, Math.min(start + perBatch, passages) - 1],
    );
  }
  const written = performance.now();
  await pool.query("set maintenance_work_mem = '1GB'");
  await pool.query(
    `create index embedding_hnsw_idx on hot.embedding using hnsw (embedding vector_cosine_ops)`,
  );
  await pool.query("analyze hot.embedding");
  rows.push([
    "write the passages, then build the HNSW index",
    `${((written - began) / 1000).toFixed(0)} s + ${((performance.now() - written) / 1000).toFixed(0)} s`,
  ]);

  const randomVector = () => Array.from({ length: 1536 }, () => Math.random() - 0.5);
  const time = async (scope: () => { chatId?: number; assistantId?: number }) => {
    const times: number[] = [];
    let short = 0;
    for (let i = 0; i < QUERIES; i++) {
      const t = performance.now();
      const got = await searchPassages(db, { userId, ...scope(), vector: randomVector(), limit: 8 });
      times.push(performance.now() - t);
      if (got.length < 8) short++;
    }
    return `p50 ${ms(pct(times, 0.5))} / p95 ${ms(pct(times, 0.95))}${short ? ` (${short} answers short of 8)` : ""}`;
  };
  const total = `${passages.toLocaleString("en")} passages`;
  rows.push([
    `top 8 passages of one chat (~${Math.round(passages / CHATS)} of ${total})`,
    await time(() => ({ chatId: chatIds[Math.floor(Math.random() * CHATS)] })),
  ]);
  rows.push([
    `top 8 passages of an assistant holding all ${total} (HNSW)`,
    await time(() => ({ assistantId })),
  ]);
} finally {
  await pool.end();
  await upstreams.close();
  await cluster?.stop();
  await ephemeral?.close();
}

console.log(
  `\nDocuments (${cluster ? `PostgreSQL ${cluster.version}` : "PGlite"} + pgvector, embeddings from the local stand-in)\n`,
);
console.log("| measure | value |\n|---|---|");
for (const [k, v] of rows) console.log(`| ${k} | ${v} |`);
