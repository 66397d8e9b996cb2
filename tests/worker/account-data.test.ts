// Data export (every chat as JSON and Markdown in a zip) and account deletion (everything the user made,
// R2 files included, and every session gone) — another user's data untouched by either.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { assistant, attachment, chat, chatReservation, message, userPreferences } from "../../drizzle/schema";
import { generatedPrefix } from "../../src/domain/file-keys";
import { attachmentPrefix } from "../../src/files/attachments";
import { call, createAccount, errorOf, sessionRows, withDb } from "./support/accounts";

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

  it("holds a chat's generated pictures and attached files, linked from its Markdown, and nobody else's", async () => {
    const account = await createAccount();
    const other = await createAccount();
    const put = async (key: string, text: string) => {
      await env.FILES.put(key, new TextEncoder().encode(text));
      return key;
    };
    const theirs = await furnish(other.id, "secrets");
    const theirPicture = await put(
      `${generatedPrefix(other.id)}${theirs.chatId}/1/${crypto.randomUUID()}.png`,
      "their picture",
    );
    const theirFile = await put(`${attachmentPrefix(other.id)}${crypto.randomUUID()}`, "their file");
    const { chatId } = await withDb(async (db) => {
      const [row] = await db
        .insert(chat)
        .values({ user: account.id, title: "", model: "stable-diffusion-3.5-large-turbo" })
        .returning({ id: chat.id });
      if (!row) throw new Error("no chat");
      const [asked, drawn, failed] = await db
        .insert(message)
        .values([
          { chat: row.id, content: "A lighthouse like this", metadata: { role: "user" } },
          {
            chat: row.id,
            content: "",
            metadata: { role: "assistant" },
            model: "stable-diffusion-3.5-large-turbo",
          },
          {
            chat: row.id,
            content: "",
            metadata: { role: "assistant", done: true, outcome: "error", error: { code: "image_timeout" } },
            model: "gpt-image-1",
          },
        ])
        .returning({ id: message.id });
      if (!asked || !drawn || !failed) throw new Error("no messages");
      const picture = await put(
        `${generatedPrefix(account.id)}${row.id}/${drawn.id}/${crypto.randomUUID()}.png`,
        "my picture",
      );
      const images = [
        { url: `/api/files/${picture}`, mimeType: "image/png" },
        // Metadata naming someone else's picture (or a missing one) never brings its bytes along.
        { url: `/api/files/${theirPicture}`, mimeType: "image/png" },
      ];
      await db
        .update(message)
        .set({ metadata: { role: "assistant", done: true, outcome: "stopped", images } })
        .where(eq(message.id, drawn.id));
      const sketch = await put(`${attachmentPrefix(account.id)}${crypto.randomUUID()}`, "my sketch");
      await db.insert(attachment).values([
        {
          userId: account.id,
          messageId: asked.id,
          name: "sketch.pdf",
          type: "application/pdf",
          content: { location: sketch },
        },
        // A row of another user's on this message (never made by the app) stays out too.
        {
          userId: other.id,
          messageId: asked.id,
          name: "foreign.pdf",
          type: "application/pdf",
          content: { location: theirFile },
        },
      ]);
      return { chatId: row.id };
    });

    const res = await call("/api/login/export", { cookie: account.cookie });
    expect(res.status).toBe(200);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const text = (path: string) => strFromU8(files[path] ?? new Uint8Array());
    const markdownPath = `markdown/${chatId}-a-lighthouse-like-this.md`;
    expect(Object.keys(files).sort()).toEqual(
      ["chats.json", `files/${chatId}/image-1.png`, `files/${chatId}/sketch.pdf`, markdownPath].sort(),
    );
    expect(text(`files/${chatId}/image-1.png`)).toBe("my picture");
    expect(text(`files/${chatId}/sketch.pdf`)).toBe("my sketch");

    const markdown = text(markdownPath);
    expect(markdown).toContain("# Untitled chat");
    expect(markdown).toContain(
      `A lighthouse like this\n\nAttached files:\n\n- [sketch.pdf](../files/${chatId}/sketch.pdf)\n`,
    );
    expect(markdown).toContain(`## Stable Diffusion 3.5 Large Turbo — `);
    expect(markdown).toContain(`![image-1.png](../files/${chatId}/image-1.png)`);
    expect(markdown).toContain("*(image-2.png is not included: it could not be read.)*");
    expect(markdown).toContain("(stopped)");
    expect(markdown).toContain("> **Error:** The image took too long.");

    const document = JSON.parse(text("chats.json"));
    const [asked, drawn, failed] = document.chats[0].messages;
    expect(asked).toMatchObject({
      role: "user",
      content: "A lighthouse like this",
      attachments: [{ path: `files/${chatId}/sketch.pdf`, name: "sketch.pdf", omitted: null }],
    });
    expect(drawn).toMatchObject({
      outcome: "stopped",
      images: [{ omitted: null }, { omitted: "unavailable" }],
    });
    expect(failed).toMatchObject({ outcome: "error", error: "image_timeout" });
    const everything = Object.values(files)
      .map((bytes) => strFromU8(bytes))
      .join("\n");
    for (const foreign of ["their picture", "their file", "foreign.pdf", "secrets", theirFile]) {
      expect(everything).not.toContain(foreign);
    }
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
    // Its next new chat's id, reserved by the new chat's screen.
    expect((await call("/api/chat/prepare", { body: {}, cookie: account.cookie })).status).toBe(204);

    const res = await call("/api/login/delete", {
      body: { password: account.password },
      cookie: account.cookie,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, deleted: true });

    expect(await sessionRows(account.id)).toEqual([]);
    await withDb(async (db) => {
      expect(await db.select().from(chat).where(eq(chat.user, account.id))).toEqual([]);
      expect(await db.select().from(message).where(eq(message.chat, mine.chatId))).toEqual([]);
      expect(await db.select().from(assistant).where(eq(assistant.userId, account.id))).toEqual([]);
      expect(await db.select().from(userPreferences).where(eq(userPreferences.userId, account.id))).toEqual(
        [],
      );
      expect(await db.select().from(chatReservation).where(eq(chatReservation.userId, account.id))).toEqual(
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

  it("with check, only checks the confirmation: a wrong password is refused, a right one deletes nothing", async () => {
    const account = await createAccount();
    const mine = await furnish(account.id, "figs");
    const wrong = await call("/api/login/delete", {
      body: { password: `${account.password}x`, check: true },
      cookie: account.cookie,
    });
    expect(wrong.status).toBe(403);
    expect((await errorOf(wrong)).code).toBe("wrong_password");
    const right = await call("/api/login/delete", {
      body: { password: account.password, check: true },
      cookie: account.cookie,
    });
    expect(right.status).toBe(200);
    expect(await right.json()).toEqual({ ok: true, deleted: false });
    expect((await sessionRows(account.id)).length).toBe(1);
    await withDb(async (db) => {
      expect(await db.select().from(chat).where(eq(chat.id, mine.chatId))).toHaveLength(1);
    });
    expect(await env.FILES.get(mine.key)).not.toBeNull();
    expect((await call("/api/login/user", { cookie: account.cookie })).status).toBe(200);
  });
});
