// The send's statements run as the database's own functions (src/db/statement-functions.ts): every shape the app
// sends has one, made by a migration with the statement's text as its body, and it answers as the statement does.
import { type SQL, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { chat, message } from "../../drizzle/schema";
import { hashSessionToken } from "../../src/auth/tokens";
import { isPostgresError } from "../../src/db/client";
import { reserveAndRecordStatement } from "../../src/db/exchange";
import {
  firstRowViaFunction,
  statementFunctionName,
  statementText,
  viaFunction,
} from "../../src/db/statement-functions";
import { STATEMENT_FUNCTIONS } from "../../src/db/statement-functions.generated";
import { statementVariants } from "../../src/db/statement-variants";
import { textSendStatement } from "../../src/db/text-send";
import { withDb } from "./support/accounts";
import { accountOnPlan } from "./support/plans";

const REGENERATE = "run `npm run db:statements`: it writes the migration and the list";

describe("the statement functions", () => {
  it("cover every shape of the send's statements: a changed statement needs its function written", () => {
    for (const { label, statement } of statementVariants()) {
      const name = statementFunctionName(statementText(statement).sql);
      expect(STATEMENT_FUNCTIONS.has(name), `${label}: ${REGENERATE}`).toBe(true);
    }
    expect(STATEMENT_FUNCTIONS.size).toBe(statementVariants().length);
  });

  it("are in the database after the migrations, each with its statement's text as its body", async () => {
    const bodies = await withDb(async (db) => {
      const { rows } = await db.execute<{ name: string; body: string }>(
        sql`select p.proname as name, p.prosrc as body from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'hot' and p.proname like 'stmt\\_%'`,
      );
      return new Map(rows.map((row) => [row.name, row.body]));
    });
    for (const { label, statement } of statementVariants()) {
      const { sql: text } = statementText(statement);
      expect(bodies.get(statementFunctionName(text)), label).toContain(text.trim());
    }
  });

  it("turn a send's statement into its function's call, and leave any other statement as it is", () => {
    const send = textSendStatement({
      userId: 1,
      target: { chatId: 1 },
      usage: { model: "test", category: "text", free: false },
      content: "hi",
      model: "test",
      limit: 5,
    });
    const call = statementText(viaFunction(send));
    expect(call.sql).toMatch(/^select \* from "hot"\."stmt_[0-9a-z]+"\(\$1(, \$\d+)*\)$/);
    expect(call.params).toEqual(statementText(send).params);
    const other = sql`select 1 as one`;
    expect(viaFunction(other)).toBe(other);
  });

  it("leave the statement to run itself where the database lacks its function (a deploy before its migration)", async () => {
    const statement = sql`select ${41}::integer + 1 as answer`;
    const listed = new Set([statementFunctionName(statementText(statement).sql)]);
    expect(statementText(viaFunction(statement, listed)).sql).toMatch(/"stmt_/);
    const row = await withDb((db) => firstRowViaFunction<{ answer: number }>(db, statement, listed));
    expect(row).toEqual({ answer: 42 });
    // The statement's own error is the caller's.
    const failing = sql`select 1 / ${0}::integer as never`;
    const alsoListed = new Set([statementFunctionName(statementText(failing).sql)]);
    const error = await withDb((db) => firstRowViaFunction(db, failing, alsoListed)).catch((err) => err);
    expect(isPostgresError(error, "22012")).toBe(true);
  });
});

/** A row with what differs between two accounts' otherwise equal sends (ids, times, the session's email) blanked. */
function comparable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(comparable);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value).map(([key, v]) =>
        /^(id|chat|user|userId|email|createdAt|updatedAt|expiresAt|lastUsedAt)$/.test(key)
          ? [key, v === null ? null : typeof v]
          : [key, comparable(v)],
      ),
    );
  return value;
}

/** Two accounts with the same chat (a question and its answer), and a session each. */
async function twoLikeChats() {
  const made = [];
  for (let i = 0; i < 2; i++) {
    const account = await accountOnPlan("expert");
    const chatId = await withDb(async (db) => {
      const [row] = await db.insert(chat).values({ user: account.id, model: "test" }).returning();
      if (!row) throw new Error("no chat");
      await db.insert(message).values([
        { chat: row.id, content: "q1", metadata: { role: "user" } },
        { chat: row.id, content: "a1", metadata: { role: "assistant", done: true } },
      ]);
      return row.id;
    });
    made.push({
      account,
      chatId,
      sessionId: await hashSessionToken(account.cookie.replace(/^session=/, "")),
    });
  }
  return made;
}

describe("a statement function", () => {
  const usage = { model: "test", category: "text", free: false } as const;
  const run = (query: SQL) => withDb(async (db) => (await db.execute(query)).rows);
  const session = (sessionId: string) => ({ sessionId, now: new Date(), settle: () => {} });

  it.each([
    [
      "a text send to an existing chat",
      (s: string, chatId: number) =>
        textSendStatement({
          session: session(s),
          target: { chatId },
          usage,
          content: "q2",
          model: "test",
          limit: 5,
        }),
    ],
    [
      "a send recorded in an existing chat",
      (s: string, chatId: number) =>
        reserveAndRecordStatement({
          session: session(s),
          target: { chatId },
          usage,
          content: "q2",
          model: "test",
        }),
    ],
    [
      "a send opening a chat",
      (s: string) =>
        reserveAndRecordStatement({
          session: session(s),
          target: { assistantId: null },
          usage,
          content: "q2",
          model: "test",
        }),
    ],
  ])("answers %s as the statement does", async (_label, statement) => {
    const [a, b] = await twoLikeChats();
    if (!a || !b) throw new Error("no accounts");
    const direct = await run(statement(a.sessionId, a.chatId));
    const asFunction = viaFunction(statement(b.sessionId, b.chatId));
    expect(statementText(asFunction).sql).toMatch(/"stmt_/);
    const called = await run(asFunction);
    expect(called).toHaveLength(1);
    expect(comparable(called)).toEqual(comparable(direct));
    // Both recorded the question and the empty answer.
    const recorded = await withDb((db) =>
      db
        .select({ content: message.content })
        .from(message)
        .where(sql`${message.chat} in (
        select id from ${chat} where ${chat.user} = ${b.account.id})`),
    );
    expect(recorded.map((m) => m.content)).toContain("q2");
  });
});
