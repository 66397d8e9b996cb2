// POST /api/chat/prepare: the new chat's screen reserves the id of the user's next new chat and has its object
// made; the next new chat (in the default assistant or one of the user's) takes that id, and only that user's.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { chatReservation, user } from "../../drizzle/schema";
import { expectError, setSessionTimes, withDb } from "./support/accounts";
import { api } from "./support/api";
import { makeAssistant, readToDone, startChat } from "./support/chats";
import { accountOnPlan } from "./support/plans";

const prepare = (cookie?: string) => api("/api/chat/prepare", { cookie, body: {} });

const reservedFor = async (userId: number) =>
  (await withDb((db) => db.select().from(chatReservation).where(eq(chatReservation.userId, userId)))).map(
    (r) => r.chatId,
  );

describe("preparing a new chat", () => {
  it("reserves one id, kept until a new chat takes it: the next chat's, with its answer", async () => {
    const account = await accountOnPlan("expert");
    expect((await prepare(account.cookie)).status).toBe(204);
    const [reserved] = await reservedFor(account.id);
    expect(reserved).toBeGreaterThan(0);
    // The screen opened again: the same id, not one more.
    expect((await prepare(account.cookie)).status).toBe(204);
    expect(await reservedFor(account.id)).toEqual([reserved]);
    const started = await startChat(account.cookie, "the first of a new chat");
    expect(started.chat.id).toBe(reserved);
    expect(await reservedFor(account.id)).toEqual([]);
    const events = await readToDone(account.cookie, started.chat.id);
    expect(events.at(-1)?.event).toMatchObject({ type: "done", outcome: "done" });
    // Without a reservation, a new chat takes the sequence's next id, as before.
    const unprepared = await startChat(account.cookie, "and another");
    expect(unprepared.chat.id).toBeGreaterThan(reserved ?? 0);
  });

  it("is taken by a new chat in one of the user's assistants too", async () => {
    const account = await accountOnPlan("expert");
    const own = await makeAssistant(account.id, "Mine");
    await prepare(account.cookie);
    const [reserved] = await reservedFor(account.id);
    const started = await startChat(account.cookie, "in my assistant", { assistantId: own.id });
    expect(started.chat.id).toBe(reserved);
  });

  it("is the user's alone, and stays when the new chat is refused", async () => {
    const owner = await accountOnPlan("expert");
    const other = await accountOnPlan("expert");
    const refused = await accountOnPlan("unsubscribed");
    await prepare(owner.cookie);
    await prepare(refused.cookie);
    const [mine] = await reservedFor(owner.id);
    const theirs = await startChat(other.cookie, "not with the owner's id");
    expect(theirs.chat.id).not.toBe(mine);
    const [kept] = await reservedFor(refused.id);
    const res = await api("/api/chat/new", {
      cookie: refused.cookie,
      body: { assistantId: "default", model: "test", content: "no plan" },
    });
    expect(res.status).toBe(402);
    expect(await reservedFor(refused.id)).toEqual([kept]);
    expect((await startChat(owner.cookie, "the owner's")).chat.id).toBe(mine);
  });

  it("401 without a live session, 403 unverified: nothing reserved", async () => {
    const account = await accountOnPlan("expert");
    await expectError(await prepare(), 401, "unauthorized");
    await withDb((db) => db.update(user).set({ verified: false }).where(eq(user.id, account.id)));
    await expectError(await prepare(account.cookie), 403, "email_not_verified");
    await setSessionTimes(account.cookie, { expiresAt: new Date(Date.now() - 1000) });
    await expectError(await prepare(account.cookie), 401, "unauthorized");
    expect(await reservedFor(account.id)).toEqual([]);
  });
});
