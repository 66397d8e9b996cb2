// The send path's statements: what a send to an existing chat reads, the quota gate with the exchange it
// records, and both at once for a text send — what each answers and what it leaves behind.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { attachment, chat, message, session, user } from "../../drizzle/schema";
import { hashSessionToken } from "../../src/auth/tokens";
import { reserveAndRecord } from "../../src/db/exchange";
import { readSendContext } from "../../src/db/send-context";
import { recordTextSend } from "../../src/db/text-send";
import { quotaLimit } from "../../src/domain/usage";
import { withDb } from "./support/accounts";
import { makeAssistant } from "./support/chats";
import { accountOnPlan, addUsage, usageCount } from "./support/plans";

const usageOf = (userId: number) => ({
  userId,
  model: "test",
  category: "text" as const,
  free: false,
  now: new Date(),
});

async function chatWith(userId: number, contents: string[], assistantId: number | null = null) {
  return withDb(async (db) => {
    const [row] = await db.insert(chat).values({ user: userId, model: "test", assistantId }).returning();
    if (!row) throw new Error("no chat");
    const messages = [];
    for (const [i, content] of contents.entries()) {
      const role = i % 2 === 0 ? "user" : "assistant";
      const [m] = await db.insert(message).values({ chat: row.id, content, metadata: { role } }).returning();
      messages.push(m);
    }
    return { chat: row, messages };
  });
}

async function fileOf(userId: number, link: { messageId?: number; assistantId?: number } = {}) {
  return withDb(async (db) => {
    const [row] = await db
      .insert(attachment)
      .values({ userId, name: "notes.txt", type: "text/plain", size: 10, ...link })
      .returning();
    if (!row) throw new Error("no file");
    return row;
  });
}

const messagesOf = (chatId: number) =>
  withDb((db) => db.select().from(message).where(eq(message.chat, chatId)).orderBy(message.id));

describe("readSendContext", () => {
  it("reads the chat, its assistant's preprompt, its newest messages oldest first and its files", async () => {
    const account = await accountOnPlan("expert");
    const helper = await makeAssistant(account.id, `helper-${crypto.randomUUID()}`, "Answer in French.");
    const { chat: row, messages } = await chatWith(account.id, ["q1", "a1", "q2", "a2", "q3"], helper.id);
    const inChat = await fileOf(account.id, { messageId: messages[2]?.id });
    const ofAssistant = await fileOf(account.id, { assistantId: helper.id });
    const unsent = await fileOf(account.id);
    const elsewhere = await fileOf(account.id);
    const context = await withDb((db) =>
      readSendContext(db, { userId: account.id, chatId: row.id, attachmentIds: [unsent.id], limit: 3 }),
    );
    expect(context?.chat).toMatchObject({
      id: row.id,
      user: account.id,
      assistantId: helper.id,
      model: "test",
    });
    expect(context?.chat?.createdAt).toBeInstanceOf(Date);
    expect(context?.assistant).toEqual({ preprompt: "Answer in French." });
    expect(context?.recent.map((m) => m.content)).toEqual(["q2", "a2", "q3"]);
    expect(context?.recent[0]?.createdAt).toBeInstanceOf(Date);
    expect(context?.unsent.map((f) => f.id)).toEqual([unsent.id]);
    expect(context?.conversation.map((f) => f.id).sort()).toEqual([inChat.id, ofAssistant.id].sort());
    expect(context?.conversation.map((f) => f.id)).not.toContain(elsewhere.id);
  });

  it("finds nothing of another user's: not the chat, not their files", async () => {
    const owner = await accountOnPlan("expert");
    const other = await accountOnPlan("expert");
    const { chat: row } = await chatWith(owner.id, ["secret question"]);
    expect(
      await withDb((db) =>
        readSendContext(db, { userId: other.id, chatId: row.id, attachmentIds: [], limit: 5 }),
      ),
    ).toBeNull();
    const { chat: mine } = await chatWith(other.id, ["mine"]);
    const theirs = await fileOf(owner.id);
    const context = await withDb((db) =>
      readSendContext(db, {
        userId: other.id,
        chatId: mine.id,
        attachmentIds: [theirs.id, "not-a-uuid"],
        limit: 5,
      }),
    );
    expect(context?.unsent).toEqual([]);
    expect(context?.assistant).toBeNull();
  });
});

describe("reserveAndRecord", () => {
  it("makes a new chat with the question and the empty answer, the question first, and counts one request", async () => {
    const account = await accountOnPlan("expert");
    const made = await withDb((db) =>
      reserveAndRecord(db, {
        usage: usageOf(account.id),
        userId: account.id,
        target: { assistantId: null },
        content: "hello",
        model: "test",
      }),
    );
    expect(made.decision).toMatchObject({ ok: true, plan: "expert" });
    expect(made.chat).toMatchObject({ user: account.id, assistantId: null, model: "test" });
    const { userMessage, modelMessage } = made.recorded ?? {};
    expect(userMessage).toMatchObject({ content: "hello", metadata: { role: "user" }, user: account.id });
    expect(modelMessage).toMatchObject({ content: "", metadata: { role: "assistant", done: false } });
    expect(userMessage?.id).toBeLessThan(modelMessage?.id ?? 0);
    expect((await messagesOf(made.chat?.id ?? 0)).map((m) => m.id)).toEqual([
      userMessage?.id,
      modelMessage?.id,
    ]);
    expect(await usageCount(account.id, "text")).toBe(1);
  });

  it("records an exchange in the user's chat and marks it active; a regenerate records the answer alone", async () => {
    const account = await accountOnPlan("expert");
    const { chat: row } = await chatWith(account.id, ["q1", "a1"]);
    const send = (content: string | null) =>
      withDb((db) =>
        reserveAndRecord(db, {
          usage: usageOf(account.id),
          userId: account.id,
          target: { chatId: row.id },
          content,
          model: "test-light",
        }),
      );
    const sent = await send("q2");
    expect(sent.chat).toMatchObject({ id: row.id, model: "test-light" });
    expect(sent.chat?.updatedAt.getTime()).toBeGreaterThanOrEqual(row.updatedAt.getTime());
    const again = await send(null);
    expect(again.recorded?.userMessage).toBeNull();
    expect((await messagesOf(row.id)).map((m) => m.content)).toEqual(["q1", "a1", "q2", "", ""]);
  });

  it("records nothing when the quota refuses: no chat, no message, no request", async () => {
    const none = await accountOnPlan("none");
    const refused = await withDb((db) =>
      reserveAndRecord(db, {
        usage: usageOf(none.id),
        userId: none.id,
        target: { assistantId: null },
        content: "hello",
        model: "test",
      }),
    );
    expect(refused).toEqual({
      decision: { ok: false, reason: "no_plan", plan: "none" },
      chat: null,
      recorded: null,
    });
    expect(await withDb((db) => db.select().from(chat).where(eq(chat.user, none.id)))).toEqual([]);

    const full = await accountOnPlan("starter");
    await addUsage(full.id, "text", quotaLimit("starter", "text"));
    const { chat: row } = await chatWith(full.id, ["q1", "a1"]);
    const over = await withDb((db) =>
      reserveAndRecord(db, {
        usage: usageOf(full.id),
        userId: full.id,
        target: { chatId: row.id },
        content: "one more",
        model: "test",
      }),
    );
    expect(over.decision).toMatchObject({ ok: false, reason: "quota" });
    expect(over.recorded).toBeNull();
    expect(await messagesOf(row.id)).toHaveLength(2);
    expect(await usageCount(full.id, "text")).toBe(quotaLimit("starter", "text"));
  });

  it("writes nothing into another user's chat (the quota it took is the caller's to give back)", async () => {
    const owner = await accountOnPlan("expert");
    const other = await accountOnPlan("expert");
    const { chat: row } = await chatWith(owner.id, ["q1"]);
    const made = await withDb((db) =>
      reserveAndRecord(db, {
        usage: usageOf(other.id),
        userId: other.id,
        target: { chatId: row.id },
        content: "intrusion",
        model: "test",
      }),
    );
    expect(made).toMatchObject({ decision: { ok: true }, chat: null, recorded: null });
    expect((await messagesOf(row.id)).map((m) => m.content)).toEqual(["q1"]);
    const [unchanged] = await withDb((db) =>
      db
        .select()
        .from(chat)
        .where(and(eq(chat.id, row.id), eq(chat.model, "test"))),
    );
    expect(unchanged?.updatedAt).toEqual(row.updatedAt);
  });
});

describe("recordTextSend", () => {
  const textSend = (userId: number, chatId: number, content: string | null = "next question") =>
    withDb((db) =>
      recordTextSend(db, {
        userId,
        target: { chatId },
        usage: usageOf(userId),
        content,
        model: "test-light",
        limit: 200,
      }),
    );

  it("reads the context as it was before the send, counts the request and records the exchange", async () => {
    const account = await accountOnPlan("expert");
    const helper = await makeAssistant(account.id, `helper-${crypto.randomUUID()}`, "Be brief.");
    const { chat: row } = await chatWith(account.id, ["q1", "a1"], helper.id);
    const sent = await textSend(account.id, row.id);
    expect(sent?.context.recent.map((m) => m.content)).toEqual(["q1", "a1"]);
    expect(sent?.context.assistant).toEqual({ preprompt: "Be brief." });
    expect(sent?.context.chat?.model).toBe("test");
    expect(sent?.decision).toMatchObject({ ok: true });
    expect(sent?.chat).toMatchObject({ id: row.id, model: "test-light" });
    expect(sent?.recorded?.userMessage).toMatchObject({ content: "next question", user: account.id });
    expect((await messagesOf(row.id)).map((m) => m.content)).toEqual(["q1", "a1", "next question", ""]);
    expect(await usageCount(account.id, "text")).toBe(1);
  });

  it("counts and records nothing in another user's chat, and tells the caller it found none", async () => {
    const owner = await accountOnPlan("expert");
    const other = await accountOnPlan("expert");
    const { chat: row } = await chatWith(owner.id, ["q1"]);
    expect(await textSend(other.id, row.id)).toBeNull();
    expect((await messagesOf(row.id)).map((m) => m.content)).toEqual(["q1"]);
    expect(await usageCount(other.id, "text")).toBe(0);
    expect(await usageCount(owner.id, "text")).toBe(0);
  });

  it("on a refusal still answers the context, and records nothing", async () => {
    const full = await accountOnPlan("starter");
    await addUsage(full.id, "text", quotaLimit("starter", "text"));
    const { chat: row } = await chatWith(full.id, ["q1", "a1"]);
    const sent = await textSend(full.id, row.id);
    expect(sent?.decision).toMatchObject({ ok: false, reason: "quota" });
    expect(sent?.context.recent).toHaveLength(2);
    expect(sent).toMatchObject({ chat: null, recorded: null });
    expect(await messagesOf(row.id)).toHaveLength(2);
  });
});

describe("recordTextSend, opening a chat in an assistant", () => {
  const open = (userId: number, assistantId: number) =>
    withDb((db) =>
      recordTextSend(db, {
        userId,
        target: { assistantId },
        usage: usageOf(userId),
        content: "first question",
        model: "test",
        limit: 200,
      }),
    );

  it("reads the assistant's preprompt and files, makes the chat in it and records the exchange", async () => {
    const account = await accountOnPlan("expert");
    const helper = await makeAssistant(account.id, `helper-${crypto.randomUUID()}`, "Cite the notes.");
    const notes = await fileOf(account.id, { assistantId: helper.id });
    await fileOf(account.id);
    const sent = await open(account.id, helper.id);
    expect(sent?.context).toMatchObject({ chat: null, assistantId: helper.id, recent: [], unsent: [] });
    expect(sent?.context.assistant).toEqual({ preprompt: "Cite the notes." });
    expect(sent?.context.conversation.map((f) => f.id)).toEqual([notes.id]);
    expect(sent?.chat).toMatchObject({ user: account.id, assistantId: helper.id, model: "test" });
    expect(sent?.recorded?.userMessage).toMatchObject({ content: "first question", chat: sent?.chat?.id });
    expect(await usageCount(account.id, "text")).toBe(1);
  });

  it("makes nothing and counts nothing in another user's assistant", async () => {
    const owner = await accountOnPlan("expert");
    const other = await accountOnPlan("expert");
    const helper = await makeAssistant(owner.id, `helper-${crypto.randomUUID()}`, "Secret preprompt.");
    expect(await open(other.id, helper.id)).toBeNull();
    expect(await withDb((db) => db.select().from(chat).where(eq(chat.user, other.id)))).toEqual([]);
    expect(await usageCount(other.id, "text")).toBe(0);
  });
});

describe("the send statements, checking the sender's session themselves", () => {
  const asSession = async (cookie: string) => {
    const found: unknown[] = [];
    const sessionId = await hashSessionToken(cookie.replace(/^session=/, ""));
    // settle only records here: the statement itself must act for no one but a live, verified session.
    return { found, session: { sessionId, now: new Date(), settle: (f: unknown) => void found.push(f) } };
  };
  type As = Awaited<ReturnType<typeof asSession>>;
  /** A question more in `chatId`, as one statement that checks `as`'s session. */
  const sendTo = (as: As, userId: number, chatId: number) =>
    withDb((db) =>
      recordTextSend(db, {
        session: as.session,
        target: { chatId },
        usage: usageOf(userId),
        content: "q2",
        model: "test",
        limit: 200,
      }),
    );
  /** A new chat in the default assistant, as one statement that checks `as`'s session. */
  const openChat = (as: As, userId: number) =>
    withDb((db) =>
      reserveAndRecord(db, {
        session: as.session,
        usage: usageOf(userId),
        target: { assistantId: null },
        content: "new",
        model: "test",
      }),
    );

  it("act for the session's user and hand the session over", async () => {
    const account = await accountOnPlan("expert");
    const { chat: row } = await chatWith(account.id, ["q1", "a1"]);
    const as = await asSession(account.cookie);
    const sent = await sendTo(as, account.id, row.id);
    expect(as.found).toEqual([
      expect.objectContaining({ user: expect.objectContaining({ id: account.id }) }),
    ]);
    expect(sent?.recorded?.userMessage?.content).toBe("q2");
    const made = await openChat(as, account.id);
    expect(made.chat).toMatchObject({ user: account.id });
    expect(await usageCount(account.id, "text")).toBe(2);
  });

  it.each(["expired", "unverified"] as const)(
    "write and count nothing for an %s session, whatever the caller does with it",
    async (kind) => {
      const account = await accountOnPlan("expert");
      const { chat: row } = await chatWith(account.id, ["q1", "a1"]);
      const sessionId = await hashSessionToken(account.cookie.replace(/^session=/, ""));
      await withDb((db) =>
        kind === "expired"
          ? db
              .update(session)
              .set({ expiresAt: new Date(Date.now() - 1000) })
              .where(eq(session.id, sessionId))
          : db.update(user).set({ verified: false }).where(eq(user.id, account.id)),
      );
      const as = await asSession(account.cookie);
      expect(await sendTo(as, account.id, row.id)).toBeNull();
      await expect(openChat(as, account.id)).rejects.toThrow("no quota row");
      expect(as.found).toEqual(
        kind === "expired"
          ? [null, null]
          : [0, 1].map(() => expect.objectContaining({ user: expect.objectContaining({ verified: false }) })),
      );
      expect(await messagesOf(row.id)).toHaveLength(2);
      expect(await withDb((db) => db.select().from(chat).where(eq(chat.user, account.id)))).toHaveLength(1);
      expect(await usageCount(account.id, "text")).toBe(0);
    },
  );
});
