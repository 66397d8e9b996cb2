// Bad input answers 400 (or 415) saying which field was wrong and why: types, ids, bodies, content types,
// the NUL character; and a stream's unusable last event id is no error.
import { describe, expect, it } from "vitest";
import { call, createAccount, errorOf, uniqueEmail } from "./support/accounts";
import { readChat, readToDone, startChat } from "./support/chats";
import { accountOnPlan } from "./support/plans";

interface Detail {
  path: string;
  message: string;
}

const detailsOf = async (res: Response) => ((await errorOf(res)).details ?? []) as Detail[];

describe("a field of the wrong type", () => {
  it.each([
    ["/api/login/signup", { email: 123, password: "a long enough passphrase" }, "email", /must be a string/],
    ["/api/login", { email: "a@example.test", password: 42 }, "password", /must be a string/],
    ["/api/contact", { email: ["a@example.test"], message: "hi" }, "email", /must be a string/],
    ["/api/login/signup", { password: "a long enough passphrase" }, "email", /required/],
  ])("%s %j → 400 saying %s %s", async (path, body, field, reason) => {
    const res = await call(path, { body });
    expect(res.status).toBe(400);
    const detail = (await detailsOf(res)).find((d) => d.path === field);
    expect(detail?.message).toMatch(reason);
  });
});

describe("ids", () => {
  it.each([
    [{ id: "abc" }, /whole number/],
    [{ id: -3 }, /positive/],
    [{ id: 0 }, /positive/],
    [{ id: 1.5 }, /whole number/],
    [{ id: 1e300 }, /too large/],
    [{ id: "99999999999999999999" }, /too large/],
    [{ id: null }, /whole number/],
    [{}, /required/],
  ])("POST /api/chat/delete %j → 400 naming id and why", async (body, reason) => {
    const account = await createAccount();
    const res = await call("/api/chat/delete", { body, cookie: account.cookie });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.message).toContain("id");
    expect(error.message).not.toMatch(/^Invalid (input|json): id: Invalid input$/);
    const [detail] = (error.details ?? []) as Detail[];
    expect(detail?.path).toBe("id");
    expect(detail?.message).toMatch(reason);
  });

  it("a bad id in the path says which and why", async () => {
    const account = await createAccount();
    const res = await call("/api/chat/12abc", { cookie: account.cookie });
    expect(res.status).toBe(400);
    const [detail] = await detailsOf(res);
    expect(detail).toMatchObject({ path: "chatId" });
    expect(detail?.message).toMatch(/whole number/);
  });
});

describe("the body itself", () => {
  it("JSON sent as text/plain → 415 asking for JSON", async () => {
    const res = await call("/api/login", {
      body: JSON.stringify({ email: uniqueEmail(), password: "whatever it is" }),
      headers: { "Content-Type": "text/plain" },
    });
    expect(res.status).toBe(415);
    const error = await errorOf(res);
    expect(error.code).toBe("unsupported_media_type");
    expect(error.message).toMatch(/JSON/);
  });

  it("no body at all → 415 asking for JSON", async () => {
    const res = await call("/api/contact", { method: "POST" });
    expect(res.status).toBe(415);
    expect((await errorOf(res)).message).toMatch(/JSON/);
  });

  it.each([["[]"], ["null"], ['"text"'], ["42"]])(
    "a JSON body of %s → 400: it must be an object",
    async (body) => {
      const res = await call("/api/contact", { body });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).message).toMatch(/JSON object/);
    },
  );

  it("malformed JSON → 400 saying so", async () => {
    const res = await call("/api/contact", { body: '{"email": "a@example.test",' });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toMatch(/JSON/);
  });
});

describe("the NUL character, which Postgres cannot store", () => {
  it("answers 400 naming the field, wherever a string goes, instead of failing the statement", async () => {
    const account = await accountOnPlan("starter");
    const { chat } = await startChat(account.cookie, "A chat to rename");
    for (const [path, body, field] of [
      ["/api/chat/update", { id: chat.id, title: "a\u0000b" }, "title"],
      ["/api/chat/new", { assistantId: "default", model: "test", content: "x\u0000" }, "content"],
      ["/api/assistants/update", { assistant: { label: "L\u0000" } }, "assistant.label"],
      ["/api/search", { query: "\u0000" }, "query"],
    ] as const) {
      const res = await call(path, { body, cookie: account.cookie });
      expect(res.status, path).toBe(400);
      expect(
        (await detailsOf(res)).map((d) => d.path),
        path,
      ).toEqual([field]);
    }
    expect((await readChat(account.cookie, chat.id)).chat.title).not.toContain("\u0000");
  });

  it("refuses half a surrogate pair the same way: not a 500, nor a value stored changed", async () => {
    const account = await accountOnPlan("starter");
    const { chat } = await startChat(account.cookie, "A chat to rename");
    // Named now: the title made from the first message arrives whenever it is ready, but never over a name.
    const title = "Named before the refusals";
    const named = await call("/api/chat/update", { body: { id: chat.id, title }, cookie: account.cookie });
    expect(named.status).toBe(200);
    for (const [path, body, field, cookie] of [
      // Open to anyone: no one may make it fail.
      [
        "/api/collect",
        { items: [{ type: "api", name: "a", at: Date.now(), model: "m\ud800" }] },
        "items.0.model",
      ],
      [
        "/api/user/preferences/saveAssistantsConfiguration",
        { assistantsConfiguration: { "\ud800z": 1 } },
        "assistantsConfiguration.\\ud800z",
        account.cookie,
      ],
      ["/api/chat/update", { id: chat.id, title: "\ud800z" }, "title", account.cookie],
      [
        "/api/chat/new",
        { assistantId: "default", model: "test", content: "x\udfff" },
        "content",
        account.cookie,
      ],
    ] as const) {
      const res = await call(path, { body, cookie });
      expect(res.status, path).toBe(400);
      const error = await errorOf(res);
      expect(error.message, path).toContain("must be valid Unicode");
      expect(
        (error.details as Detail[] | undefined)?.map((d) => d.path),
        path,
      ).toEqual([field]);
    }
    expect((await readChat(account.cookie, chat.id)).chat.title).toBe(title);
    // Whole pairs are characters like any other.
    expect(
      (await call("/api/chat/update", { body: { id: chat.id, title: "Owls 🦉" }, cookie: account.cookie }))
        .status,
    ).toBe(200);
  });
});

describe("a stream's last event id", () => {
  it("reads anything but an event id as 'from the start', even one that could not be a header", async () => {
    const account = await accountOnPlan("starter");
    const { chat } = await startChat(account.cookie, "A chat to follow");
    await readToDone(account.cookie, chat.id);
    for (const id of ["a%0Ab", "%00", "abc", "-1"]) {
      const res = await call(`/api/chat/${chat.id}/stream?lastEventId=${id}`, { cookie: account.cookie });
      expect(res.status, id).toBe(200);
      await res.body?.cancel();
    }
  });
});
