// The send routes check their session inside their one statement: the same 401/403 as every other route,
// nothing written and nothing asked of the provider when refused, and the session still slides.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { chat, message, user } from "../../drizzle/schema";
import {
  makeSessionDueToSlide,
  sessionRow,
  setCookieLine,
  setSessionTimes,
  withDb,
} from "./support/accounts";
import { api, json } from "./support/api";
import { makeAssistant, readToDone, startChat } from "./support/chats";
import { accountOnPlan, usageCount } from "./support/plans";
import { uniqueTag, upstreamRequests } from "./support/upstreams";

const DAY = 86_400_000;
// A model the local OpenAI server answers, so a request that left would be seen there.
const MODEL = "gpt-4.1";

type ErrorBody = { error: { code: string; message: string } };

const chatsOf = (userId: number) => withDb((db) => db.select().from(chat).where(eq(chat.user, userId)));
const messagesOf = (chatId: number) =>
  withDb((db) => db.select().from(message).where(eq(message.chat, chatId)));

/** Nothing carrying `tag` reached any provider (give a request that left a moment to arrive). */
async function expectNoUpstreamRequest(tag: string) {
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(await upstreamRequests(tag, { min: 0, timeoutMs: 0 })).toEqual([]);
}

async function expectError(res: Response, status: number, code: string, message: string) {
  expect(res.status).toBe(status);
  expect(((await res.json()) as ErrorBody).error).toEqual({ code, message });
}

const SIGN_IN = "Sign in to continue.";
const CONFIRM = "Confirm your email address with the code we sent first.";

/** Each way a send can be made: a new chat (default or own assistant), a question more in an existing chat. */
async function sends(account: { id: number; cookie: string }) {
  const existing = await startChat(account.cookie, "first question");
  await readToDone(account.cookie, existing.chat.id);
  const helper = await makeAssistant(account.id, `helper-${crypto.randomUUID()}`, "Be brief.");
  return {
    existingChatId: existing.chat.id,
    bodies: (tag: string) =>
      [
        ["/api/chat/new", { assistantId: "default", model: MODEL, content: tag }],
        ["/api/chat/new", { assistantId: helper.id, model: MODEL, content: tag }],
        ["/api/chat/send", { chatId: existing.chat.id, model: MODEL, content: tag }],
        // Not one statement: the chat's own model, and files (the session is looked up first).
        ["/api/chat/send", { chatId: existing.chat.id, content: tag }],
        ["/api/chat/send", { chatId: existing.chat.id, content: tag, attachmentIds: [crypto.randomUUID()] }],
      ] as const,
  };
}

describe("a send without a live session", () => {
  it("401 without a cookie or with a malformed one", async () => {
    for (const cookie of [undefined, "session=not-a-token"]) {
      const res = await api("/api/chat/new", { cookie, body: { model: MODEL, content: "hi" } });
      await expectError(res, 401, "unauthorized", SIGN_IN);
    }
  });

  it.each([
    ["idle past its expiry", { expiresAt: new Date(Date.now() - 1000) }],
    [
      "past the absolute timeout",
      {
        createdAt: new Date(Date.now() - 91 * DAY),
        lastUsedAt: new Date(Date.now() - 1000),
        expiresAt: new Date(Date.now() + 20 * DAY),
      },
    ],
  ])("a session %s: 401 on every kind of send, nothing recorded, counted or asked", async (_label, times) => {
    const account = await accountOnPlan("expert");
    const { existingChatId, bodies } = await sends(account);
    await setSessionTimes(account.cookie, times);
    const tag = uniqueTag("expired");
    for (const [path, body] of bodies(tag)) {
      await expectError(await api(path, { cookie: account.cookie, body }), 401, "unauthorized", SIGN_IN);
    }
    expect(await chatsOf(account.id)).toHaveLength(1);
    expect(await messagesOf(existingChatId)).toHaveLength(2);
    expect(await usageCount(account.id, "text")).toBe(1);
    await expectNoUpstreamRequest(tag);
  });

  it("401 once signed out, at once", async () => {
    const account = await accountOnPlan("expert");
    expect((await api("/api/logout", { cookie: account.cookie, body: {} })).status).toBe(200);
    const tag = uniqueTag("signed-out");
    const res = await api("/api/chat/new", { cookie: account.cookie, body: { model: MODEL, content: tag } });
    await expectError(res, 401, "unauthorized", SIGN_IN);
    expect(await chatsOf(account.id)).toEqual([]);
    await expectNoUpstreamRequest(tag);
  });

  it("401 for a deleted account", async () => {
    const account = await accountOnPlan("expert");
    await withDb((db) => db.update(user).set({ deleted: true }).where(eq(user.id, account.id)));
    const tag = uniqueTag("deleted");
    const res = await api("/api/chat/new", { cookie: account.cookie, body: { model: MODEL, content: tag } });
    await expectError(res, 401, "unauthorized", SIGN_IN);
    expect(await usageCount(account.id, "text")).toBe(0);
    await expectNoUpstreamRequest(tag);
  });

  it("401 before the body is judged, as on every other route: an invalid body, an unknown model", async () => {
    const account = await accountOnPlan("expert");
    await setSessionTimes(account.cookie, { expiresAt: new Date(Date.now() - 1000) });
    for (const body of [{ model: MODEL }, { model: "no-such-model", content: "hi" }, { chatId: "x" }]) {
      for (const path of ["/api/chat/new", "/api/chat/send"]) {
        await expectError(await api(path, { cookie: account.cookie, body }), 401, "unauthorized", SIGN_IN);
      }
    }
  });
});

describe("a send by an account that has not confirmed its email", () => {
  it("403 email_not_verified on every kind of send, nothing recorded, counted or asked", async () => {
    const account = await accountOnPlan("expert");
    const { existingChatId, bodies } = await sends(account);
    await withDb((db) => db.update(user).set({ verified: false }).where(eq(user.id, account.id)));
    const tag = uniqueTag("unverified");
    for (const [path, body] of bodies(tag)) {
      const res = await api(path, { cookie: account.cookie, body });
      await expectError(res, 403, "email_not_verified", CONFIRM);
    }
    for (const body of [{ model: MODEL }, { model: "no-such-model", content: "hi" }]) {
      const res = await api("/api/chat/new", { cookie: account.cookie, body });
      await expectError(res, 403, "email_not_verified", CONFIRM);
    }
    expect(await chatsOf(account.id)).toHaveLength(1);
    expect(await messagesOf(existingChatId)).toHaveLength(2);
    expect(await usageCount(account.id, "text")).toBe(1);
    await expectNoUpstreamRequest(tag);
  });
});

describe("a send with a live session", () => {
  it("400 for an invalid body, as before", async () => {
    const account = await accountOnPlan("expert");
    const res = await api("/api/chat/new", { cookie: account.cookie, body: { model: MODEL } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.code).toBe("invalid_input");
  });

  it("slides the session when a day has passed and re-sends the cookie; not again the same day", async () => {
    const account = await accountOnPlan("expert");
    await makeSessionDueToSlide(account.cookie);
    const res = await api("/api/chat/new", {
      cookie: account.cookie,
      body: { model: "test", content: "hi" },
    });
    expect(res.status).toBe(201);
    expect(setCookieLine(res)).toContain(account.cookie);
    const refreshed = await sessionRow(account.cookie);
    expect(refreshed?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
    const { chat: made } = await json<{ chat: { id: number } }>(res);
    await readToDone(account.cookie, made.id);

    const again = await api("/api/chat/send", {
      cookie: account.cookie,
      body: { chatId: made.id, model: "test", content: "more" },
    });
    expect(again.status).toBe(201);
    expect(setCookieLine(again)).toBeUndefined();
    expect((await sessionRow(account.cookie))?.expiresAt.getTime()).toBe(refreshed?.expiresAt.getTime());
  });

  it("slides the session on a refused send too (the refusal is the send's, not the session's)", async () => {
    const account = await accountOnPlan("none");
    await makeSessionDueToSlide(account.cookie);
    const tag = uniqueTag("no-plan");
    const res = await api("/api/chat/new", { cookie: account.cookie, body: { model: MODEL, content: tag } });
    expect(res.status).toBe(402);
    expect(setCookieLine(res)).toContain(account.cookie);
    expect(await chatsOf(account.id)).toEqual([]);
    await expectNoUpstreamRequest(tag);
  });

  it("another user's chat is a 404 and counts nothing, the provider not asked", async () => {
    const owner = await accountOnPlan("expert");
    const other = await accountOnPlan("expert");
    const theirs = await startChat(owner.cookie, "mine");
    await readToDone(owner.cookie, theirs.chat.id);
    const tag = uniqueTag("foreign");
    const res = await api("/api/chat/send", {
      cookie: other.cookie,
      body: { chatId: theirs.chat.id, model: MODEL, content: tag },
    });
    expect(res.status).toBe(404);
    expect(await usageCount(other.id, "text")).toBe(0);
    expect(await messagesOf(theirs.chat.id)).toHaveLength(2);
    await expectNoUpstreamRequest(tag);
  });
});
