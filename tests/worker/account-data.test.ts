// Data export (every chat as JSON and Markdown in a zip) and account deletion (everything the user made,
// R2 files included, and every session gone) — another user's data untouched by either.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { assistant, chat, message, userPreferences } from "../../drizzle/schema";
import { generatedPrefix } from "../../src/domain/file-keys";
import { call, createAccount, sessionRows, withDb } from "./support/accounts";

/** A chat with one exchange, an assistant, preferences and a generated file, all the user's own. */
async function furnish(userId: number, words: string) {
  const key = `${generatedPrefix(userId)}1/2/${crypto.randomUUID()}.png`;
  await env.FILES.put(key, new Uint8Array([1, 2, 3]));
  const chatId = await withDb(async (db) => {
    const [helper] = await db
      .insert(assistant)
      .values({ userId, label: `Helper ${words}` })
      .returning({ id: assistant.id });
    const [row] = await db
      .insert(chat)
      .values({ user: userId, title: `About ${words}`, model: "test", assistantId: helper?.id ?? null })
      .returning({ id: chat.id });
    if (!row) throw new Error("no chat");
    await db.insert(message).values([
      { chat: row.id, content: `Tell me about ${words}`, metadata: { role: "user" } },
      { chat: row.id, content: `**${words}** are fruit.`, metadata: { role: "assistant" }, model: "test" },
    ]);
    await db.insert(userPreferences).values({ userId, lang: "fr" });
    return row.id;
  });
  return { key, chatId };
}

describe("GET /api/login/export", () => {
  it("answers a zip of every chat as JSON and Markdown, the user's own only", async () => {
    const account = await createAccount();
    const other = await createAccount();
    const { chatId } = await furnish(account.id, "apples");
    await furnish(other.id, "secrets");

    const res = await call("/api/login/export", { cookie: account.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/zip");
    expect(res.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="switchboard-export-\d{4}-\d\d-\d\d\.zip"$/,
    );
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(["chats.json", `markdown/${chatId}-about-apples.md`]);

    const document = JSON.parse(strFromU8(files["chats.json"] ?? new Uint8Array()));
    expect(document).toMatchObject({ format: "switchboard-export", version: 1, email: account.email });
    expect(document.chats).toHaveLength(1);
    expect(document.chats[0]).toMatchObject({
      id: chatId,
      title: "About apples",
      assistant: "Helper apples",
    });
    expect(
      document.chats[0].messages.map((m: { role: string; content: string }) => [m.role, m.content]),
    ).toEqual([
      ["user", "Tell me about apples"],
      ["assistant", "**apples** are fruit."],
    ]);
    const markdown = strFromU8(files[`markdown/${chatId}-about-apples.md`] ?? new Uint8Array());
    expect(markdown).toContain("# About apples");
    expect(markdown).toContain("## You — ");
    expect(markdown).toContain("**apples** are fruit.");
    expect(JSON.stringify(document)).not.toContain("secrets");
  });

  it("needs a session", async () => {
    expect((await call("/api/login/export")).status).toBe(401);
  });
});

describe("POST /api/login/delete", () => {
  it("deletes the chats, assistants, preferences and R2 files, and ends every session", async () => {
    const account = await createAccount();
    const other = await createAccount();
    const mine = await furnish(account.id, "pears");
    const theirs = await furnish(other.id, "plums");
    await call("/api/login", { body: { email: account.email, password: account.password } });
    expect((await sessionRows(account.id)).length).toBe(2);

    const res = await call("/api/login/delete", {
      body: { password: account.password },
      cookie: account.cookie,
    });
    expect(res.status).toBe(200);

    expect(await sessionRows(account.id)).toEqual([]);
    await withDb(async (db) => {
      expect(await db.select().from(chat).where(eq(chat.user, account.id))).toEqual([]);
      expect(await db.select().from(message).where(eq(message.chat, mine.chatId))).toEqual([]);
      expect(await db.select().from(assistant).where(eq(assistant.userId, account.id))).toEqual([]);
      expect(await db.select().from(userPreferences).where(eq(userPreferences.userId, account.id))).toEqual(
        [],
      );
      // The other account keeps everything.
      expect(await db.select().from(chat).where(eq(chat.user, other.id))).toHaveLength(1);
    });
    expect(await env.FILES.get(mine.key)).toBeNull();
    expect(await env.FILES.get(theirs.key)).not.toBeNull();
    expect((await call("/api/login/user", { cookie: account.cookie })).status).toBe(401);
    expect(
      (await call("/api/login", { body: { email: account.email, password: account.password } })).status,
    ).toBe(401);
  });
});
