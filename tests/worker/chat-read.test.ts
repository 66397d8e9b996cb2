// Reading a chat back: message pages (`before`, `limit`, `hasMore`) and resuming a stream with ?lastEventId=.
import { describe, expect, it } from "vitest";
import { message } from "../../drizzle/schema";
import { withDb } from "./support/accounts";
import { api, readSse, textOf } from "./support/api";
import { readChat, readToDone, type SavedMessage, startChat, untilDone } from "./support/chats";
import { accountOnPlan } from "./support/plans";

/** A finished exchange plus `extra` more messages written straight to the chat (ids keep growing). */
async function longChat(cookie: string, extra: number) {
  const started = await startChat(cookie, "message 0");
  await readToDone(cookie, started.chat.id);
  if (extra === 0) return started.chat.id;
  await withDb((db) =>
    db.insert(message).values(
      Array.from({ length: extra }, (_, i) => {
        const role = i % 2 === 0 ? "user" : "assistant";
        return { chat: started.chat.id, content: `message ${i + 2}`, metadata: { role, done: true } };
      }),
    ),
  );
  return started.chat.id;
}

describe("GET /api/chat/:id pages", () => {
  it("pages back with `before` until hasMore is false, oldest first, each message once", async () => {
    const { cookie } = await accountOnPlan("starter");
    const chatId = await longChat(cookie, 9); // 11 messages
    const all = (await readChat(cookie, chatId, "?limit=200")).messages;
    expect(all).toHaveLength(11);
    expect(all.map((m) => m.id)).toEqual([...all.map((m) => m.id)].sort((a, b) => a - b));

    const pages: { messages: SavedMessage[]; hasMore: boolean }[] = [];
    let query = "?limit=4";
    for (;;) {
      const page = await readChat(cookie, chatId, query);
      pages.push(page);
      if (!page.hasMore) break;
      query = `?limit=4&before=${page.messages[0]?.id}`;
    }
    expect(pages.map((p) => p.messages.length)).toEqual([4, 4, 3]);
    expect(pages.map((p) => p.hasMore)).toEqual([true, true, false]);
    // The newest page comes first; read back to front they are the whole chat.
    const joined = pages.reverse().flatMap((p) => p.messages.map((m) => m.id));
    expect(joined).toEqual(all.map((m) => m.id));
  });

  it("defaults to the newest 50 and says whether older ones exist", async () => {
    const { cookie } = await accountOnPlan("starter");
    const chatId = await longChat(cookie, 50); // 52 messages
    const page = await readChat(cookie, chatId);
    expect(page.messages).toHaveLength(50);
    expect(page.hasMore).toBe(true);
    expect(page.messages.at(-1)?.content).toBe("message 51");
    const rest = await readChat(cookie, chatId, `?before=${page.messages[0]?.id}`);
    expect(rest.messages.map((m) => m.content)).toEqual(["message 0", expect.any(String)]);
    expect(rest.hasMore).toBe(false);
  });

  it.each([
    "?limit=0",
    "?limit=201",
    "?limit=two",
    "?limit=0x10",
    "?limit=1e1",
    "?limit=",
    "?limit=%205",
    "?before=abc",
    "?before=-1",
  ])("400 for %s", async (query) => {
    const { cookie } = await accountOnPlan("starter");
    const chatId = await longChat(cookie, 0);
    const res = await api(`/api/chat/${chatId}${query}`, { cookie });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { message: string } };
    expect(error.message).toContain(query.slice(1, query.indexOf("=")));
  });
});

describe("GET /api/chat/:id/stream?lastEventId=", () => {
  it("resumes from the query parameter (for EventSource) with no gap and no duplicate", async () => {
    const { cookie } = await accountOnPlan("starter");
    const started = await startChat(cookie, "Tell me something long [[slow]]");
    const stream = (query = "") => api(`/api/chat/${started.chat.id}/stream${query}`, { cookie });
    const first = await readSse(await stream(), (_e, all) => textOf(all).length > 40);
    const lastId = first.at(-1)?.id ?? 0;
    expect(lastId).toBeGreaterThan(0);
    const rest = await readSse(await stream(`?lastEventId=${lastId}`), untilDone);
    expect(rest[0]?.id).toBe(lastId + 1);
    expect(rest.map((e) => e.event.type)).not.toContain("start");
    const { messages } = await readChat(cookie, started.chat.id);
    expect(messages[1]?.content).toBe(textOf(first) + textOf(rest));
  });
});
