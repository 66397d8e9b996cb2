// The reads that check their session in their one statement (src/middleware/session.ts leaves it to them): a
// chat's page, its live answer, the sidebar's assistants and an assistant's chats, and the user object; and the
// stop, whose ownership check is such a read, and quick search, which checks the session in a statement of its
// own before searching. Each answers the same 401/403/404/400 as every other route, in the same order, and the
// session still slides.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { user } from "../../drizzle/schema";
import {
  expectError,
  makeSessionDueToSlide,
  setCookieLine,
  setSessionTimes,
  withDb,
} from "./support/accounts";
import { api, readSse } from "./support/api";
import { makeAssistant, startChat } from "./support/chats";
import { accountOnPlan } from "./support/plans";

const READS = {
  "a chat's page": (chatId: number | string, cookie?: string) =>
    api(`/api/chat/${chatId}?limit=2`, { cookie }),
  "a chat's stream": (chatId: number | string, cookie?: string) =>
    api(`/api/chat/${chatId}/stream`, { cookie }),
};

describe.each(Object.entries(READS))("%s, read with the session in its statement", (_name, read) => {
  it("is its owner's, and slides a session a day old", async () => {
    const account = await accountOnPlan("expert");
    const started = await startChat(account.cookie, "hello there");
    // The answer written, so that both reads have it.
    await readSse(await READS["a chat's stream"](started.chat.id, account.cookie));
    await makeSessionDueToSlide(account.cookie);
    const res = await read(started.chat.id, account.cookie);
    expect(res.status).toBe(200);
    expect(setCookieLine(res)).toContain(account.cookie);
    expect(await res.text()).toContain("You wrote **2 words**");
  });

  it("401 without a live session, 403 unverified, 404 for another user's chat or none", async () => {
    const owner = await accountOnPlan("expert");
    const other = await accountOnPlan("expert");
    const started = await startChat(owner.cookie, "mine");
    await expectError(await read(started.chat.id), 401, "unauthorized");
    await expectError(await read(started.chat.id, other.cookie), 404, "not_found");
    await expectError(await read(9_000_000_000, owner.cookie), 404, "not_found");
    // Judged before the path's own 400, as on every other route.
    await setSessionTimes(other.cookie, { expiresAt: new Date(Date.now() - 1000) });
    await expectError(await read(started.chat.id, other.cookie), 401, "unauthorized");
    await expectError(await read("x", other.cookie), 401, "unauthorized");
    await withDb((db) => db.update(user).set({ verified: false }).where(eq(user.id, owner.id)));
    await expectError(await read(started.chat.id, owner.cookie), 403, "email_not_verified");
  });
});

describe("a chat's page", () => {
  it("answers 400 for a bad page with a live session, 401 for one without", async () => {
    const account = await accountOnPlan("expert");
    const started = await startChat(account.cookie, "paged");
    const bad = await api(`/api/chat/${started.chat.id}?limit=0`, { cookie: account.cookie });
    expect(bad.status).toBe(400);
    await setSessionTimes(account.cookie, { expiresAt: new Date(Date.now() - 1000) });
    await expectError(
      await api(`/api/chat/${started.chat.id}?limit=0`, { cookie: account.cookie }),
      401,
      "unauthorized",
    );
  });
});

describe("the sidebar's chats, read with the session in their statement", () => {
  const list = (body: unknown, cookie?: string) => api("/api/assistants/chats", { cookie, body });

  it("are the owner's, of the assistant asked, and slide a session a day old", async () => {
    const account = await accountOnPlan("expert");
    const started = await startChat(account.cookie, "in the sidebar");
    const own = await makeAssistant(account.id, "Mine");
    await makeSessionDueToSlide(account.cookie);
    const res = await list({ assistantId: "default" }, account.cookie);
    expect(res.status).toBe(200);
    expect(setCookieLine(res)).toContain(account.cookie);
    const page = (await res.json()) as { chats: { id: number }[]; hasNextPage: boolean };
    expect(page.chats.map((c) => c.id)).toEqual([started.chat.id]);
    const empty = (await (await list({ assistantId: own.id }, account.cookie)).json()) as {
      chats: unknown[];
    };
    expect(empty.chats).toEqual([]);
  });

  it("401 without a live session (before a bad body's 400), 403 unverified, 404 for another's assistant", async () => {
    const owner = await accountOnPlan("expert");
    const other = await accountOnPlan("expert");
    const theirs = await makeAssistant(owner.id, "Theirs");
    await expectError(await list({ assistantId: "default" }), 401, "unauthorized");
    await expectError(await list({ assistantId: theirs.id }, other.cookie), 404, "not_found");
    await expectError(await list({ assistantId: 9_000_000_000 }, other.cookie), 404, "not_found");
    expect((await list({ assistantId: "default", limit: 0 }, other.cookie)).status).toBe(400);
    await setSessionTimes(other.cookie, { expiresAt: new Date(Date.now() - 1000) });
    await expectError(await list({ assistantId: theirs.id }, other.cookie), 401, "unauthorized");
    await expectError(await list({ assistantId: "default", limit: 0 }, other.cookie), 401, "unauthorized");
    await withDb((db) => db.update(user).set({ verified: false }).where(eq(user.id, owner.id)));
    await expectError(await list({ assistantId: theirs.id }, owner.cookie), 403, "email_not_verified");
  });
});

describe("the sidebar's assistants, read with the session in their statement", () => {
  const all = (cookie?: string) => api("/api/assistants/all", { cookie });

  it("are the owner's alone, and slide a session a day old", async () => {
    const account = await accountOnPlan("expert");
    const other = await accountOnPlan("expert");
    const mine = await makeAssistant(account.id, "Mine");
    await makeAssistant(other.id, "Not mine");
    await makeSessionDueToSlide(account.cookie);
    const res = await all(account.cookie);
    expect(res.status).toBe(200);
    expect(setCookieLine(res)).toContain(account.cookie);
    const listed = (await res.json()) as { id: number; label: string }[];
    expect(listed.map((a) => [a.id, a.label])).toEqual([[mine.id, "Mine"]]);
  });
});

describe("the user object, read with the session in its statement", () => {
  const me = (cookie?: string) => api("/api/login/user", { cookie });

  it("is the session's user, and slides a session a day old", async () => {
    const account = await accountOnPlan("expert");
    await makeSessionDueToSlide(account.cookie);
    const res = await me(account.cookie);
    expect(res.status).toBe(200);
    expect(setCookieLine(res)).toContain(account.cookie);
    const user = (await res.json()) as { id: number; email: string; usagePlan: string };
    expect([user.id, user.email, user.usagePlan]).toEqual([account.id, account.email, "expert"]);
  });
});

describe.each([
  ["the sidebar's assistants", "/api/assistants/all"],
  ["the user object", "/api/login/user"],
])("%s, with the session in its statement", (_name, path) => {
  it("401 without a live session, 403 unverified", async () => {
    const account = await accountOnPlan("expert");
    await expectError(await api(path), 401, "unauthorized");
    await withDb((db) => db.update(user).set({ verified: false }).where(eq(user.id, account.id)));
    await expectError(await api(path, { cookie: account.cookie }), 403, "email_not_verified");
    await setSessionTimes(account.cookie, { expiresAt: new Date(Date.now() - 1000) });
    await expectError(await api(path, { cookie: account.cookie }), 401, "unauthorized");
  });
});

describe("the stop, with the session in its statement", () => {
  const stop = (chatId: number | string, cookie?: string) =>
    api("/api/chat/stop", { cookie, body: { chatId } });

  it("stops its owner's answer, and slides a session a day old", async () => {
    const account = await accountOnPlan("expert");
    const started = await startChat(account.cookie, "[[hang]] an answer to stop");
    const reading = readSse(
      await READS["a chat's stream"](started.chat.id, account.cookie),
      (e) => e.event.type === "done",
    );
    await makeSessionDueToSlide(account.cookie);
    const res = await stop(started.chat.id, account.cookie);
    expect(res.status).toBe(200);
    expect(setCookieLine(res)).toContain(account.cookie);
    expect(await res.json()).toEqual({ stopped: true });
    expect((await reading).at(-1)?.event).toMatchObject({ type: "done", outcome: "stopped" });
  });

  it("401 without a live session (before a bad body's 400), 403 unverified, 404 for another's chat", async () => {
    const owner = await accountOnPlan("expert");
    const other = await accountOnPlan("expert");
    const started = await startChat(owner.cookie, "[[hang]] not theirs to stop");
    await expectError(await stop(started.chat.id), 401, "unauthorized");
    await expectError(await stop(started.chat.id, other.cookie), 404, "not_found");
    await expectError(await stop(9_000_000_000, other.cookie), 404, "not_found");
    expect((await stop("x", other.cookie)).status).toBe(400);
    await setSessionTimes(other.cookie, { expiresAt: new Date(Date.now() - 1000) });
    await expectError(await stop(started.chat.id, other.cookie), 401, "unauthorized");
    await expectError(await stop("x", other.cookie), 401, "unauthorized");
    await withDb((db) => db.update(user).set({ verified: false }).where(eq(user.id, owner.id)));
    await expectError(await stop(started.chat.id, owner.cookie), 403, "email_not_verified");
    // Still running: none of those reached the answer.
    await withDb((db) => db.update(user).set({ verified: true }).where(eq(user.id, owner.id)));
    expect(await (await stop(started.chat.id, owner.cookie)).json()).toEqual({ stopped: true });
  });
});

describe("quick search, with the session in its statement", () => {
  const search = (body: unknown, cookie?: string) => api("/api/search", { cookie, body });
  const titles = async (res: Response) =>
    ((await res.json()) as { results: { title: string }[] }).results.map((r) => r.title);

  it("finds the owner's chats alone, lists their recent ones, and slides a session a day old", async () => {
    const account = await accountOnPlan("expert");
    const other = await accountOnPlan("expert");
    const mine = await startChat(account.cookie, "lighthouses of Brittany");
    await startChat(other.cookie, "lighthouses of Cornwall");
    await makeSessionDueToSlide(account.cookie);
    const res = await search({ query: "lighthouses" }, account.cookie);
    expect(res.status).toBe(200);
    expect(setCookieLine(res)).toContain(account.cookie);
    const found = ((await res.json()) as { results: { chatId: number }[] }).results;
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((r) => r.chatId === mine.chat.id)).toBe(true);
    expect(await titles(await search({ query: "" }, account.cookie))).toHaveLength(1);
    expect(await titles(await search({ query: "Cornwall" }, account.cookie))).toEqual([]);
  });

  it("401 without a live session (before a bad body's 400, and for a query of no words), 403 unverified", async () => {
    const account = await accountOnPlan("expert");
    await expectError(await search({ query: "a" }), 401, "unauthorized");
    expect((await search({ query: "a", months: 0 }, account.cookie)).status).toBe(400);
    await withDb((db) => db.update(user).set({ verified: false }).where(eq(user.id, account.id)));
    await expectError(await search({ query: "a" }, account.cookie), 403, "email_not_verified");
    await expectError(await search({ query: "" }, account.cookie), 403, "email_not_verified");
    await setSessionTimes(account.cookie, { expiresAt: new Date(Date.now() - 1000) });
    for (const body of [{ query: "a" }, { query: "" }, { query: "..." }, { query: "a", months: 0 }])
      await expectError(await search(body, account.cookie), 401, "unauthorized");
  });
});
