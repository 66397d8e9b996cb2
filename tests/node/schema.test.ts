// SPEC §3 constraints, checked with real inserts into a PGlite (with pgvector) built from migrations/.

import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { vector } from "@electric-sql/pglite-pgvector";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { cosineDistance, count, eq, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "../../drizzle/schema";
import { migratePglite } from "../../scripts/db/migrate";

const UNIQUE_VIOLATION = "23505";
// ON DELETE RESTRICT reports restrict_violation (NO ACTION would report 23503 foreign_key_violation).
const RESTRICT_VIOLATION = "23001";
const NOT_NULL_VIOLATION = "23502";
const STRING_TOO_LONG = "22001";
// SPEC §3's tables, plus those the accounts need (verification codes, throttles, the dev outbox) and
// billing's record of acted-on Stripe events.
const TABLES = [
  "api_key",
  "assistant",
  "attachment",
  "billing_event",
  "chat",
  "chat_reservation",
  "dev_outbox",
  "embedding",
  "known_device",
  "log",
  "message",
  "oauth_account",
  "password_reset",
  "search_word",
  "session",
  "subscription",
  "team_invitation",
  "team_notice",
  "telemetry_event",
  "throttle",
  "usage",
  "user",
  "user_preferences",
  "verification_code",
];
// Every migration drizzle-kit knows of, in order: the custom vector one first.
const MIGRATIONS = (
  JSON.parse(readFileSync(new URL("../../migrations/meta/_journal.json", import.meta.url), "utf8")) as {
    entries: { tag: string }[];
  }
).entries.map((e) => e.tag);

let client: PGlite;
let firstRun: string[];
const db = () => drizzle({ client, schema: s });

beforeAll(async () => {
  client = new PGlite({ extensions: { vector, pg_trgm } });
  firstRun = await migratePglite(client);
});
afterAll(async () => {
  await client?.close();
});

/** Resolves to the Postgres error code the statement failed with, or undefined if it succeeded. */
async function failure(statement: PromiseLike<unknown>): Promise<string | undefined> {
  try {
    await statement;
  } catch (error) {
    for (let e: unknown = error; e instanceof Error; e = e.cause) {
      if ("code" in e && typeof e.code === "string") return e.code;
    }
    throw error;
  }
  return undefined;
}

let emails = 0;
async function newUser(email = `user${++emails}@example.com`) {
  const [row] = await db().insert(s.user).values({ email }).returning();
  if (!row) throw new Error("user insert returned nothing");
  return row;
}
async function newChat(userId: number, values: Partial<s.NewChatRow> = {}) {
  const [row] = await db()
    .insert(s.chat)
    .values({ user: userId, model: "gpt-5-mini", ...values })
    .returning();
  if (!row) throw new Error("chat insert returned nothing");
  return row;
}
async function newAssistant(userId: number, label = "Writer") {
  const [row] = await db().insert(s.assistant).values({ userId, label }).returning();
  if (!row) throw new Error("assistant insert returned nothing");
  return row;
}
async function rowsWhere(table: PgTable, where: ReturnType<typeof eq>): Promise<number> {
  const [row] = await db().select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}
const axis = (i: number, weight = 1) => Array.from({ length: 1536 }, (_, j) => (j === i ? weight : 0));

describe("migrations", () => {
  it("create the vector extension, then every table of SPEC §3 in the hot schema", async () => {
    expect(MIGRATIONS[0]).toBe("0000_vector_extension");
    expect(firstRun).toEqual(MIGRATIONS);
    const ext = await client.query("select 1 from pg_extension where extname = 'vector'");
    expect(ext.rows).toHaveLength(1);
    const tables = await client.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'hot' order by 1",
    );
    expect(tables.rows.map((r) => r.name)).toEqual(TABLES);
  });

  it("are a no-op when applied again", async () => {
    await newUser("survivor@example.com");
    expect(await migratePglite(client)).toEqual([]);
    const applied = await client.query("select 1 from drizzle.__drizzle_migrations");
    expect(applied.rows).toHaveLength(MIGRATIONS.length);
    expect(await rowsWhere(s.user, eq(s.user.email, "survivor@example.com"))).toBe(1);
  });
});

describe("user", () => {
  it("has a unique, required email of at most 200 characters", async () => {
    await newUser("taken@example.com");
    expect(await failure(newUser("taken@example.com"))).toBe(UNIQUE_VIOLATION);
    const local = (n: number) => `${"a".repeat(n - "@example.com".length)}@example.com`;
    expect(await failure(newUser(local(200)))).toBeUndefined();
    expect(await failure(newUser(local(201)))).toBe(STRING_TOO_LONG);
    expect(await failure(client.query(`insert into hot."user" ("name") values ('Nobody')`))).toBe(
      NOT_NULL_VIOLATION,
    );
  });

  it("starts not deleted and not having seen the onboarding tips", async () => {
    const u = await newUser();
    expect(u.deleted).toBe(false);
    const [prefs] = await db().insert(s.userPreferences).values({ userId: u.id }).returning();
    expect(prefs?.hasSeenOnboardingTips).toBe(false);
  });
});

describe("assistant", () => {
  it("has a label unique per user, at most 200 characters, and an empty preprompt by default", async () => {
    const [ann, bob] = [await newUser(), await newUser()];
    const first = await newAssistant(ann.id, "Translator");
    expect(first.preprompt).toBe("");
    expect(await failure(newAssistant(ann.id, "Translator"))).toBe(UNIQUE_VIOLATION);
    expect(await failure(newAssistant(bob.id, "Translator"))).toBeUndefined();
    expect(await failure(newAssistant(ann.id, "x".repeat(200)))).toBeUndefined();
    expect(await failure(newAssistant(ann.id, "y".repeat(201)))).toBe(STRING_TOO_LONG);
  });

  it("takes its attachments and chats with it when deleted", async () => {
    const u = await newUser();
    const a = await newAssistant(u.id);
    const c = await newChat(u.id, { assistantId: a.id });
    await db().insert(s.attachment).values({ userId: u.id, assistantId: a.id, name: "brief.pdf" });
    await db().delete(s.assistant).where(eq(s.assistant.id, a.id));
    expect(await rowsWhere(s.attachment, eq(s.attachment.assistantId, a.id))).toBe(0);
    expect(await rowsWhere(s.chat, eq(s.chat.id, c.id))).toBe(0);
  });
});

describe("chat", () => {
  it("has a unique public id, many unshared chats, and a model of at most 70 characters", async () => {
    const u = await newUser();
    const publicId = crypto.randomUUID();
    await newChat(u.id, { publicId });
    expect(await failure(newChat(u.id, { publicId }))).toBe(UNIQUE_VIOLATION);
    expect(await failure(newChat(u.id))).toBeUndefined();
    expect(await failure(newChat(u.id))).toBeUndefined();
    expect(await failure(newChat(u.id, { model: "m".repeat(70) }))).toBeUndefined();
    expect(await failure(newChat(u.id, { model: "m".repeat(71) }))).toBe(STRING_TOO_LONG);
  });

  it("takes its messages, their attachments and embeddings with it when deleted", async () => {
    const u = await newUser();
    const c = await newChat(u.id, { forkedMessagesIds: [3, 4] });
    expect(c.forkedMessagesIds).toEqual([3, 4]);
    const [m] = await db().insert(s.message).values({ chat: c.id, content: "hello" }).returning();
    if (!m) throw new Error("message insert returned nothing");
    expect(m.metadata).toEqual({});
    const [file] = await db().insert(s.attachment).values({ userId: u.id, messageId: m.id }).returning();
    expect(file?.size).toBe(0);
    expect(file?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    await db()
      .insert(s.embedding)
      .values({ userId: u.id, chatId: c.id, messageId: m.id, content: "hello", embedding: axis(1) });
    await db().delete(s.chat).where(eq(s.chat.id, c.id));
    expect(await rowsWhere(s.message, eq(s.message.chat, c.id))).toBe(0);
    expect(await rowsWhere(s.attachment, eq(s.attachment.messageId, m.id))).toBe(0);
    expect(await rowsWhere(s.embedding, eq(s.embedding.chatId, c.id))).toBe(0);
  });

  it("starts with no forked messages", async () => {
    const c = await newChat((await newUser()).id);
    expect(c.forkedMessagesIds).toEqual([]);
    expect(c.title).toBe("");
  });
});

describe("deleting a user", () => {
  it("is refused while the user has chats, and allowed once they are gone", async () => {
    const u = await newUser();
    const c = await newChat(u.id);
    expect(await failure(db().delete(s.user).where(eq(s.user.id, u.id)))).toBe(RESTRICT_VIOLATION);
    await db().delete(s.chat).where(eq(s.chat.id, c.id));
    expect(await failure(db().delete(s.user).where(eq(s.user.id, u.id)))).toBeUndefined();
  });

  it("is refused while the user holds a subscription or administers one", async () => {
    const [member, admin] = [await newUser(), await newUser()];
    const [sub] = await db()
      .insert(s.subscription)
      .values({
        userId: member.id,
        adminUserId: admin.id,
        customer: "cus_1",
        subscription: "sub_1",
        amount: 2000,
      })
      .returning();
    expect(sub?.quantity).toBe(1);
    expect(await failure(db().delete(s.user).where(eq(s.user.id, member.id)))).toBe(RESTRICT_VIOLATION);
    expect(await failure(db().delete(s.user).where(eq(s.user.id, admin.id)))).toBe(RESTRICT_VIOLATION);
  });

  it("requires the payment references of a subscription, each at most 300 characters", async () => {
    const u = await newUser();
    const values = { userId: u.id, customer: "c".repeat(301), subscription: "sub", amount: 1000 };
    expect(await failure(db().insert(s.subscription).values(values))).toBe(STRING_TOO_LONG);
    expect(
      await failure(client.query(`insert into hot.subscription ("userId", amount) values (${u.id}, 1000)`)),
    ).toBe(NOT_NULL_VIOLATION);
  });

  it("takes preferences, sessions, OAuth links, assistants, usage and embeddings with it", async () => {
    const u = await newUser();
    const a = await newAssistant(u.id);
    await db().insert(s.userPreferences).values({ userId: u.id, lang: "fr" });
    await db()
      .insert(s.session)
      .values({ id: "f".repeat(64), userId: u.id, expiresAt: new Date() });
    await db().insert(s.oauthAccount).values({ providerId: "google", providerUserId: "g-1", userId: u.id });
    await db().insert(s.attachment).values({ userId: u.id, assistantId: a.id });
    await db().insert(s.usage).values({ userId: u.id, model: "gpt-5-mini", category: "text" });
    await db()
      .insert(s.embedding)
      .values({ userId: u.id, content: "note", embedding: axis(2) });
    await db().delete(s.user).where(eq(s.user.id, u.id));
    expect(await rowsWhere(s.userPreferences, eq(s.userPreferences.userId, u.id))).toBe(0);
    expect(await rowsWhere(s.session, eq(s.session.userId, u.id))).toBe(0);
    expect(await rowsWhere(s.oauthAccount, eq(s.oauthAccount.userId, u.id))).toBe(0);
    expect(await rowsWhere(s.assistant, eq(s.assistant.userId, u.id))).toBe(0);
    expect(await rowsWhere(s.attachment, eq(s.attachment.assistantId, a.id))).toBe(0);
    expect(await rowsWhere(s.usage, eq(s.usage.userId, u.id))).toBe(0);
    expect(await rowsWhere(s.embedding, eq(s.embedding.userId, u.id))).toBe(0);
  });

  it("keeps the log lines that mention the user", async () => {
    const u = await newUser();
    await db().insert(s.log).values({ content: "signed in", email: u.email });
    await db().delete(s.user).where(eq(s.user.id, u.id));
    expect(await rowsWhere(s.log, eq(s.log.email, u.email))).toBe(1);
  });
});

describe("search", () => {
  it("stores 1536-dimension embeddings only and finds the nearest one", async () => {
    const u = await newUser();
    const insert = (v: number[], content: string) =>
      db().insert(s.embedding).values({ userId: u.id, content, embedding: v });
    expect(await failure(insert(axis(10), "cats"))).toBeUndefined();
    expect(await failure(insert(axis(20), "dogs"))).toBeUndefined();
    expect(await failure(insert([1, 2, 3], "short"))).toBeDefined();
    const query = axis(20, 0.9).map((x, i) => (i === 10 ? 0.1 : x));
    const nearest = await db()
      .select({ content: s.embedding.content })
      .from(s.embedding)
      .where(eq(s.embedding.userId, u.id))
      .orderBy(cosineDistance(s.embedding.embedding, query))
      .limit(1);
    expect(nearest).toEqual([{ content: "dogs" }]);
  });

  it("has an HNSW cosine index on embeddings and a full-text index the database keeps current", async () => {
    const { rows } = await client.query<{ indexname: string; indexdef: string }>(
      "select indexname, indexdef from pg_indexes where schemaname = 'hot'",
    );
    const def = (name: string) => rows.find((r) => r.indexname === name)?.indexdef ?? "";
    expect(def("embedding_hnsw_idx")).toMatch(/USING hnsw \(embedding vector_cosine_ops\)/);
    expect(def("message_search_idx")).toMatch(/USING gin \(search\)/);
    expect(def("search_word_trgm_idx")).toMatch(/USING gist \(word gist_trgm_ops\)/);
    const c = await newChat((await newUser()).id);
    const [recipe] = await db()
      .insert(s.message)
      .values([
        { chat: c.id, content: "La recette des crêpes bretonnes" },
        { chat: c.id, content: "Running the weather model tomorrow" },
      ])
      .returning();
    const matching = (query: string) =>
      db()
        .select({ content: s.message.content })
        .from(s.message)
        .where(sql`${s.message.search} @@ to_tsquery('english', ${query})`);
    expect(await matching("crêpes")).toEqual([{ content: "La recette des crêpes bretonnes" }]);
    // The owner has no language set: English stems, so "runs" finds "Running".
    expect(await matching("runs")).toEqual([{ content: "Running the weather model tomorrow" }]);
    // An edit is indexed by the trigger too, and its new words join the typo lexicon.
    await db()
      .update(s.message)
      .set({ content: "Galettes de sarrasin" })
      .where(eq(s.message.id, recipe?.id ?? 0));
    expect(await matching("crêpes")).toEqual([]);
    expect(await matching("sarrasin")).toEqual([{ content: "Galettes de sarrasin" }]);
    const near = await client.query<{ word: string }>(
      "select word from hot.search_word where word % 'sarasin' order by word <-> 'sarasin' limit 1",
    );
    expect(near.rows).toEqual([{ word: "sarrasin" }]);
  });
});

describe("node scripts/db/migrate.ts", () => {
  const script = fileURLToPath(new URL("../../scripts/db/migrate.ts", import.meta.url));
  const run = (url: string) =>
    promisify(execFile)(process.execPath, [script], { env: { ...process.env, DATABASE_URL: url } });
  let server: PGLiteSocketServer;
  let served: PGlite;
  let url: string;

  beforeAll(async () => {
    served = new PGlite({ extensions: { vector, pg_trgm } });
    server = new PGLiteSocketServer({ db: served, port: 0, maxConnections: 4 });
    await server.start();
    url = `postgres://postgres:secret@${server.getServerConn()}/postgres`;
  });
  afterAll(async () => {
    await server?.stop();
    await served?.close();
  });

  it("applies the migrations over the wire, says which, and then reports the database up to date", async () => {
    const first = await run(url);
    expect(first.stdout).toContain(MIGRATIONS.join(", "));
    expect(first.stdout).not.toContain("secret");
    const second = await run(url);
    expect(second.stdout).toContain("up to date");
    const { rows } = await served.query("select 1 from information_schema.tables where table_schema = 'hot'");
    expect(rows).toHaveLength(TABLES.length);
  });

  it("exits non-zero with the error when the database cannot be reached", async () => {
    const failed = await run("postgres://postgres@127.0.0.1:1/postgres").catch((e: unknown) => e);
    expect(failed).toMatchObject({ code: 1, stderr: expect.stringContaining("ECONNREFUSED") });
  });
});
