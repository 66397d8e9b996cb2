// A reader attaching to a chat's live answer: its one statement checks the session with the chat's owner, with
// the same 401/403/404 as every other route, and the session still slides.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { user } from "../../drizzle/schema";
import { errorOf, setCookieLine, setSessionTimes, withDb } from "./support/accounts";
import { api, readSse } from "./support/api";
import { startChat } from "./support/chats";
import { accountOnPlan } from "./support/plans";

const DAY = 86_400_000;

const streamOf = (chatId: number | string, cookie?: string) => api(`/api/chat/${chatId}/stream`, { cookie });

async function expectError(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect((await errorOf(res)).code).toBe(code);
}

describe("a reader attaching to a chat's stream", () => {
  it("gets its own chat's answer, and slides a session a day old", async () => {
    const account = await accountOnPlan("expert");
    const started = await startChat(account.cookie, "hello there");
    await setSessionTimes(account.cookie, {
      lastUsedAt: new Date(Date.now() - 2 * DAY),
      expiresAt: new Date(Date.now() + 2 * DAY),
    });
    const res = await streamOf(started.chat.id, account.cookie);
    expect(res.status).toBe(200);
    expect(setCookieLine(res)).toContain(account.cookie);
    const events = await readSse(res);
    expect(events.some((e) => e.event.type === "done")).toBe(true);
  });

  it("401 without a live session, 403 unverified, 404 for another user's chat or none", async () => {
    const owner = await accountOnPlan("expert");
    const other = await accountOnPlan("expert");
    const started = await startChat(owner.cookie, "mine");
    await expectError(await streamOf(started.chat.id), 401, "unauthorized");
    await expectError(await streamOf(started.chat.id, other.cookie), 404, "not_found");
    await expectError(await streamOf(9_000_000_000, owner.cookie), 404, "not_found");
    // Judged before the path's own 400, as on every other route.
    await setSessionTimes(other.cookie, { expiresAt: new Date(Date.now() - 1000) });
    await expectError(await streamOf(started.chat.id, other.cookie), 401, "unauthorized");
    await expectError(await streamOf("x", other.cookie), 401, "unauthorized");
    await withDb((db) => db.update(user).set({ verified: false }).where(eq(user.id, owner.id)));
    await expectError(await streamOf(started.chat.id, owner.cookie), 403, "email_not_verified");
  });
});
