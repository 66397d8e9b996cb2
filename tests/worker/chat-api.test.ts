// The chat API's rules: atomic quotas, plans, ownership (a foreign id is a 404 everywhere), input errors, lists.
import { describe, expect, it } from "vitest";
import { assistant } from "../../drizzle/schema";
import { errorOf, withDb } from "./support/accounts";
import { api, json, readSse } from "./support/api";
import { accountOnPlan, addUsage, usageCount } from "./support/plans";

type ErrorBody = { error: { code: string; message: string; details?: { path: string }[] } };

async function newChat(
  cookie: string,
  content = "Hello",
  model = "test",
  assistantId: string | number = "default",
) {
  return api("/api/chat/new", { cookie, body: { assistantId, model, content } });
}

async function finishedChat(cookie: string, content = "Hello") {
  const res = await newChat(cookie, content);
  expect(res.status).toBe(201);
  const body = await json<{ chat: { id: number }; userMessage: { id: number } }>(res);
  await readSse(await api(`/api/chat/${body.chat.id}/stream`, { cookie }), (e) => e.event.type === "done");
  return body;
}

async function makeAssistant(userId: number, label: string) {
  return withDb(async (db) => {
    const [row] = await db
      .insert(assistant)
      .values({ userId, label, preprompt: "Answer like a pirate." })
      .returning();
    if (!row) throw new Error("assistant not created");
    return row;
  });
}

describe("quotas", () => {
  it("lets exactly one of 200 concurrent requests through at limit − 1", async () => {
    const account = await accountOnPlan("starter");
    await addUsage(account.id, "text", 49); // starter: 50 text requests per 3 hours
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => newChat(account.cookie, `race ${i}`)),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(199);
    const refused = answers.find((r) => r.status === 429);
    if (!refused) throw new Error("no request was refused");
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(((await refused.json()) as ErrorBody).error.code).toBe("quota_reached");
    expect(await usageCount(account.id, "text")).toBe(50);
    const list = await json<{ chats: unknown[] }>(
      await api("/api/assistants/chats", {
        cookie: account.cookie,
        body: { assistantId: "default", limit: 50, offset: 0 },
      }),
    );
    expect(list.chats).toHaveLength(1);
  });

  it.each(["none", "unsubscribed"] as const)("asks plan %s to subscribe (402)", async (plan) => {
    const account = await accountOnPlan(plan);
    const res = await newChat(account.cookie);
    expect(res.status).toBe(402);
    expect(((await res.json()) as ErrorBody).error.code).toBe("subscription_required");
  });

  it("pools a team's requests against the limit times its seats", async () => {
    const admin = await accountOnPlan("standard", { seats: 3 });
    const member = await accountOnPlan("standard", { adminUserId: admin.id });
    await addUsage(admin.id, "text", 80 * 3 - 1);
    expect((await newChat(member.cookie)).status).toBe(201);
    const over = await newChat(member.cookie);
    expect(over.status).toBe(429);
  });

  it("keeps the free models open once a category is used up", async () => {
    const account = await accountOnPlan("starter");
    await addUsage(account.id, "image", 60);
    expect((await newChat(account.cookie, "a cat", "test-image")).status).toBe(429);
    expect((await newChat(account.cookie, "a cat", "flux-schnell")).status).toBe(201);
  });
});

describe("ownership", () => {
  it("answers 404 for another user's chat on every endpoint", async () => {
    const owner = await accountOnPlan("starter");
    const other = await accountOnPlan("starter");
    const { chat, userMessage } = await finishedChat(owner.cookie);
    const mine = await makeAssistant(owner.id, "Mine");
    const cookie = other.cookie;
    const calls: [string, Response][] = [
      ["read", await api(`/api/chat/${chat.id}`, { cookie })],
      ["stream", await api(`/api/chat/${chat.id}/stream`, { cookie })],
      ["send", await api("/api/chat/send", { cookie, body: { chatId: chat.id, content: "hi" } })],
      [
        "edit",
        await api("/api/chat/edit", {
          cookie,
          body: { chatId: chat.id, messageId: userMessage.id, content: "x" },
        }),
      ],
      ["regenerate", await api("/api/chat/regenerate", { cookie, body: { chatId: chat.id } })],
      ["stop", await api("/api/chat/stop", { cookie, body: { chatId: chat.id } })],
      ["rename", await api("/api/chat/update", { cookie, body: { id: chat.id, title: "mine now" } })],
      [
        "move",
        await api("/api/chat/updateAssistant", { cookie, body: { chatId: chat.id, assistantId: "default" } }),
      ],
      ["delete", await api("/api/chat/delete", { cookie, body: { id: chat.id } })],
      [
        "assistant chats",
        await api("/api/assistants/chats", { cookie, body: { assistantId: mine.id, limit: 10, offset: 0 } }),
      ],
      ["new in assistant", await newChat(cookie, "hi", "test", mine.id)],
    ];
    for (const [name, res] of calls) expect(res.status, name).toBe(404);
    // And nothing changed for the owner.
    const still = await json<{ chat: { title: string }; messages: unknown[] }>(
      await api(`/api/chat/${chat.id}`, { cookie: owner.cookie }),
    );
    expect(still.messages).toHaveLength(2);
    expect(still.chat.title).not.toBe("mine now");
  });

  it("does not move a chat into another user's assistant", async () => {
    const owner = await accountOnPlan("starter");
    const other = await accountOnPlan("starter");
    const { chat } = await finishedChat(owner.cookie);
    const theirs = await makeAssistant(other.id, "Theirs");
    const res = await api("/api/chat/updateAssistant", {
      cookie: owner.cookie,
      body: { chatId: chat.id, assistantId: theirs.id },
    });
    expect(res.status).toBe(404);
  });
});

describe("bad input", () => {
  it.each([
    ["/api/chat/new", { model: "test" }, "content"],
    ["/api/chat/new", { model: "test", content: "   " }, "content"],
    ["/api/chat/new", { model: "x".repeat(71), content: "hi" }, "model"],
    ["/api/chat/new", { model: "no-such-model", content: "hi" }, "model"],
    ["/api/chat/new", { model: "test", content: "hi", assistantId: "abc" }, "assistantId"],
    ["/api/chat/send", { chatId: "12a", content: "hi" }, "chatId"],
    ["/api/chat/send", { chatId: -1, content: "hi" }, "chatId"],
    ["/api/chat/update", { id: 1, title: "" }, "title"],
    ["/api/chat/delete", {}, "id"],
    ["/api/chat/stop", { chatId: 1.5 }, "chatId"],
    ["/api/assistants/chats", { assistantId: "default", limit: 0, offset: 0 }, "limit"],
    ["/api/assistants/chats", { assistantId: "default", limit: 10, offset: -1 }, "offset"],
  ])("%s %j → 400 naming %s", async (path, body, field) => {
    const account = await accountOnPlan("starter");
    const res = await api(path, { cookie: account.cookie, body });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as ErrorBody;
    expect(error.message).toContain(field);
  });

  it("400 for a malformed JSON body and for a non-numeric chat id in the path", async () => {
    const account = await accountOnPlan("starter");
    expect((await api("/api/chat/send", { cookie: account.cookie, body: "{oops" })).status).toBe(400);
    expect((await api("/api/chat/abc", { cookie: account.cookie })).status).toBe(400);
  });

  it("401 without a session", async () => {
    expect((await api("/api/chat/new", { body: { model: "test", content: "hi" } })).status).toBe(401);
    expect((await api("/api/assistants/all")).status).toBe(401);
  });
});

describe("chat lists and management", () => {
  it("pages newest first, renames, moves between assistants and deletes", async () => {
    const account = await accountOnPlan("expert");
    const cookie = account.cookie;
    const ids: number[] = [];
    for (const n of [1, 2, 3]) ids.push((await finishedChat(cookie, `chat ${n}`)).chat.id);
    const page = (offset: number) =>
      api("/api/assistants/chats", { cookie, body: { assistantId: "default", limit: 2, offset } }).then((r) =>
        json<{ chats: { id: number; title: string }[]; hasNextPage: boolean }>(r),
      );
    const first = await page(0);
    expect(first.chats.map((c) => c.id)).toEqual([ids[2], ids[1]]);
    expect(first.hasNextPage).toBe(true);
    const second = await page(2);
    expect(second.chats.map((c) => c.id)).toEqual([ids[0]]);
    expect(second.hasNextPage).toBe(false);

    expect((await api("/api/chat/update", { cookie, body: { id: ids[0], title: "Renamed" } })).status).toBe(
      200,
    );
    const blank = await api("/api/chat/update", { cookie, body: { id: ids[0], title: "\u200b\u200d" } });
    expect(blank.status).toBe(400);
    expect((await errorOf(blank)).details).toEqual([
      { path: "title", message: "must not be empty (it has no visible character)" },
    ]);
    const helper = await makeAssistant(account.id, "Helper");
    expect(
      (await api("/api/chat/updateAssistant", { cookie, body: { chatId: ids[0], assistantId: helper.id } }))
        .status,
    ).toBe(200);
    expect((await page(0)).chats.map((c) => c.id)).not.toContain(ids[0]);
    const moved = await json<{ chats: { id: number; title: string }[] }>(
      await api("/api/assistants/chats", {
        cookie,
        body: { assistantId: String(helper.id), limit: 10, offset: 0 },
      }),
    );
    expect(moved.chats).toEqual([expect.objectContaining({ id: ids[0], title: "Renamed" })]);
    const all = await json<{ label: string }[]>(await api("/api/assistants/all", { cookie }));
    expect(all.map((a) => a.label)).toEqual(["Helper"]);

    expect((await api("/api/chat/delete", { cookie, body: { id: ids[1] } })).status).toBe(200);
    expect((await api(`/api/chat/${ids[1]}`, { cookie })).status).toBe(404);
  });

  it("edits the last question and regenerates the last answer with another model", async () => {
    const account = await accountOnPlan("starter");
    const cookie = account.cookie;
    const { chat, userMessage } = await finishedChat(cookie, "What is 2+2?");
    const edit = await api("/api/chat/edit", {
      cookie,
      body: { chatId: chat.id, messageId: userMessage.id, content: "What is 3+3?" },
    });
    expect(edit.status).toBe(201);
    await readSse(await api(`/api/chat/${chat.id}/stream`, { cookie }), (e) => e.event.type === "done");
    const regen = await api("/api/chat/regenerate", {
      cookie,
      body: { chatId: chat.id, model: "test-reasoning" },
    });
    expect(regen.status).toBe(201);
    const events = await readSse(
      await api(`/api/chat/${chat.id}/stream`, { cookie }),
      (e) => e.event.type === "done",
    );
    expect(events.some((e) => e.event.type === "reasoning")).toBe(true);
    const { messages } = await json<{ messages: { role: string; content: string; model: string | null }[] }>(
      await api(`/api/chat/${chat.id}`, { cookie }),
    );
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(messages[0]?.content).toBe("What is 3+3?");
    expect(messages[1]?.model).toBe("test-reasoning");
    // Editing anything but the last question is refused.
    const stale = await api("/api/chat/edit", {
      cookie,
      body: { chatId: chat.id, messageId: userMessage.id, content: "x" },
    });
    expect(stale.status).toBe(400);
  });

  it("loses nothing when an edit or a regenerate is refused by the quota", async () => {
    const account = await accountOnPlan("starter");
    const cookie = account.cookie;
    const { chat, userMessage } = await finishedChat(cookie, "Keep me");
    const before = await json<{ messages: { id: number; content: string }[] }>(
      await api(`/api/chat/${chat.id}`, { cookie }),
    );
    await addUsage(account.id, "text", 50 - (await usageCount(account.id, "text")));
    const edit = await api("/api/chat/edit", {
      cookie,
      body: { chatId: chat.id, messageId: userMessage.id, content: "Replace me" },
    });
    expect(edit.status).toBe(429);
    const regen = await api("/api/chat/regenerate", { cookie, body: { chatId: chat.id } });
    expect(regen.status).toBe(429);
    const after = await json<{ messages: { id: number; content: string }[] }>(
      await api(`/api/chat/${chat.id}`, { cookie }),
    );
    expect(after.messages).toEqual(before.messages);
    expect(await usageCount(account.id, "text")).toBe(50);
  });
});
