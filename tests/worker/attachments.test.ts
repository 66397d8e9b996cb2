// Attachments: upload to R2 (type by extension and magic bytes), served to the owner only as a download,
// size backfill, delete, sending with a message, the documents total, the models' wire formats, orphans.

import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { attachment, usage } from "../../drizzle/schema";
import { sweepUnreferencedObjects } from "../../src/files/attachments";
import worker from "../../src/index";
import { errorOf, withDb } from "./support/accounts";
import { api, json, textOf } from "./support/api";
import { makeAssistant, readChat, readToDone, startChat } from "./support/chats";
import { accountOnPlan } from "./support/plans";
import { pngBytes, text, upload, uploadRaw } from "./support/uploads";
import { lastUpstreamRequest, uniqueTag } from "./support/upstreams";

const sha256 = async (bytes: Uint8Array) =>
  [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))]
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("");

const rowOf = (id: string) =>
  withDb(async (db) => (await db.select().from(attachment).where(eq(attachment.id, id)))[0] ?? null);

describe("POST /api/attachments/upload", () => {
  it("stores the bytes in R2 under a generated key and answers the SPEC §3 row", async () => {
    const owner = await accountOnPlan("starter");
    const bytes = await pngBytes();
    const file = await upload(owner.cookie, { name: "../../etc/photo.png", bytes, type: "text/html" });
    expect(file).toMatchObject({
      name: "photo.png",
      // The type comes from the checked bytes and extension, not from what the browser declared.
      type: "image/png",
      size: bytes.byteLength,
      fileHash: await sha256(bytes),
      url: `/api/attachments/${file.id}`,
      location: `attachments/${owner.id}/${file.id}`,
      messageId: null,
      assistantId: null,
    });
    expect(file.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const row = await rowOf(file.id);
    expect(row?.userId).toBe(owner.id);
    const location = row?.content?.location ?? "";
    expect(location).toBe(`attachments/${owner.id}/${file.id}`);
    const stored = await env.FILES.get(location);
    expect(new Uint8Array((await stored?.arrayBuffer()) ?? new ArrayBuffer(0))).toEqual(bytes);
  });

  it("takes media and documents of SPEC §3 by their bytes", async () => {
    const owner = await accountOnPlan("starter");
    const cases: [string, Uint8Array, string][] = [
      ["notes.md", text("# Notes\n\nSome text"), "text/markdown"],
      ["main.ts", text("export const x = 1;\n"), "text/plain"],
      ["report.pdf", text("%PDF-1.7\n1 0 obj\n"), "application/pdf"],
      ["sound.wav", new Uint8Array([...text("RIFF"), 0, 0, 0, 0, ...text("WAVEfmt ")]), "audio/wav"],
      ["clip.mp4", new Uint8Array([0, 0, 0, 24, ...text("ftypisom"), 0, 0, 0, 0]), "video/mp4"],
      ["Dockerfile", text("FROM node:22\n"), "text/plain"],
    ];
    for (const [name, bytes, type] of cases) {
      const file = await upload(owner.cookie, { name, bytes });
      expect(file.type, name).toBe(type);
    }
  });

  it("refuses with a clear 415 an HTML page renamed .png, an unknown type, and bytes that are not their name", async () => {
    const owner = await accountOnPlan("starter");
    const html = text("<!DOCTYPE html><html><script>alert(document.cookie)</script></html>");
    const renamed = await uploadRaw(owner.cookie, { name: "cute-cat.png", bytes: html, type: "image/png" });
    expect(renamed.status).toBe(415);
    const error = await errorOf(renamed);
    expect(error.code).toBe("unsupported_media_type");
    expect(error.message).toContain("cute-cat.png");

    const exe = await uploadRaw(owner.cookie, {
      name: "setup.exe",
      bytes: new Uint8Array([0x4d, 0x5a, 0x90]),
    });
    expect(exe.status).toBe(415);
    expect((await errorOf(exe)).message).toContain("not a supported file type");
    // A PNG named .pdf, and a binary named .txt.
    const png = await pngBytes();
    expect((await uploadRaw(owner.cookie, { name: "doc.pdf", bytes: png })).status).toBe(415);
    expect((await uploadRaw(owner.cookie, { name: "notes.txt", bytes: png })).status).toBe(415);
    // Nothing of the refused files was kept.
    const rows = await withDb((db) => db.select().from(attachment).where(eq(attachment.userId, owner.id)));
    expect(rows).toEqual([]);
  });

  it("asks for multipart with a file, has its own body limit above the JSON one, and needs a session", async () => {
    const owner = await accountOnPlan("starter");
    const asJson = await api("/api/attachments/upload", { cookie: owner.cookie, body: { file: "x" } });
    expect(asJson.status).toBe(415);
    const noFile = await uploadRaw(
      owner.cookie,
      { name: "a.txt", bytes: text("hi") },
      { assistantId: "abc" },
    );
    expect(noFile.status).toBe(400);
    expect((await errorOf(noFile)).message).toContain("assistantId");
    // Two megabytes: over the 1 MB JSON limit of /api/*, well under the upload limit.
    const big = await upload(owner.cookie, { name: "big.txt", bytes: text("a".repeat(2_000_000)) });
    expect(big.size).toBe(2_000_000);
    const tooBig = await uploadRaw(owner.cookie, {
      name: "huge.txt",
      bytes: new Uint8Array(32_100_000).fill(97),
    });
    expect(tooBig.status).toBe(413);
    expect((await uploadRaw(undefined, { name: "a.txt", bytes: text("hi") })).status).toBe(401);
  });

  it("makes the file an assistant's when given the user's own assistantId, 404 for another's", async () => {
    const owner = await accountOnPlan("starter");
    const other = await accountOnPlan("starter");
    const mine = await makeAssistant(owner.id, "Reader");
    const theirs = await makeAssistant(other.id, "Theirs");
    const file = await upload(
      owner.cookie,
      { name: "brief.txt", bytes: text("brief") },
      { assistantId: String(mine.id) },
    );
    expect(file.assistantId).toBe(mine.id);
    const foreign = await uploadRaw(
      owner.cookie,
      { name: "brief.txt", bytes: text("x") },
      { assistantId: String(theirs.id) },
    );
    expect(foreign.status).toBe(404);
    expect(
      await withDb((db) => db.select().from(attachment).where(eq(attachment.assistantId, theirs.id))),
    ).toEqual([]);
  });

  it("refuses a picture, audio, video or program for an assistant with a 415 that says documents only", async () => {
    const owner = await accountOnPlan("starter");
    const helper = await makeAssistant(owner.id, "Reader");
    const refusals = [
      { name: "photo.png", bytes: await pngBytes() },
      { name: "song.wav", bytes: new Uint8Array([...text("RIFF"), 0, 0, 0, 0, ...text("WAVEfmt ")]) },
      { name: "setup.exe", bytes: new Uint8Array([0x4d, 0x5a, 0x90, 0]) },
    ];
    for (const file of refusals) {
      const res = await uploadRaw(owner.cookie, file, { assistantId: String(helper.id) });
      expect(res.status, file.name).toBe(415);
      const error = await errorOf(res);
      expect(error.code).toBe("unsupported_media_type");
      expect(error.message).toContain("documents only");
      expect(error.details).toEqual([{ path: "file", message: "not a document" }]);
    }
    expect(
      await withDb((db) => db.select().from(attachment).where(eq(attachment.assistantId, helper.id))),
    ).toEqual([]);
    // A document goes to the assistant; the same picture still goes with a message.
    const kept = await upload(
      owner.cookie,
      { name: "brief.md", bytes: text("# Brief") },
      { assistantId: String(helper.id) },
    );
    expect(kept.assistantId).toBe(helper.id);
    expect((await upload(owner.cookie, { name: "photo.png", bytes: await pngBytes() })).type).toBe(
      "image/png",
    );
  });
});

describe("GET /api/attachments/{id}", () => {
  it("serves the bytes to their owner as a download with nosniff", async () => {
    const owner = await accountOnPlan("starter");
    const bytes = await pngBytes();
    const file = await upload(owner.cookie, { name: "photo é.png", bytes });
    const res = await api(file.url, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/png");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Content-Disposition")).toBe(
      `attachment; filename="photo _.png"; filename*=UTF-8''photo%20%C3%A9.png`,
    );
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
  });

  it("never serves an SVG or an HTML document inline as a page of our origin", async () => {
    const owner = await accountOnPlan("starter");
    const svg = text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const file = await upload(owner.cookie, { name: "logo.svg", bytes: svg });
    expect(file.type).toBe("image/svg+xml");
    const res = await api(file.url, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment;/);
    expect(res.headers.get("Content-Security-Policy")).toContain("sandbox");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");

    const page = await upload(owner.cookie, {
      name: "page.html",
      bytes: text("<html><script>x()</script></html>"),
    });
    const served = await api(page.url, { cookie: owner.cookie });
    expect(served.headers.get("Content-Type")).toBe("application/octet-stream");
    expect(served.headers.get("Content-Disposition")).toMatch(/^attachment;/);
  });

  it("answers 404 to another user, for an unknown id and for a malformed one; 401 with no session", async () => {
    const owner = await accountOnPlan("starter");
    const other = await accountOnPlan("starter");
    const file = await upload(owner.cookie, { name: "a.txt", bytes: text("secret") });
    expect((await api(file.url, { cookie: other.cookie })).status).toBe(404);
    expect((await api(`/api/attachments/${crypto.randomUUID()}`, { cookie: owner.cookie })).status).toBe(404);
    expect((await api("/api/attachments/not-a-uuid", { cookie: owner.cookie })).status).toBe(404);
    expect((await api(file.url)).status).toBe(401);
  });
});

describe("POST /api/attachments/updateSize and /delete", () => {
  it("backfills a size-0 row from R2 and answers the number (SPEC §7)", async () => {
    const owner = await accountOnPlan("starter");
    const file = await upload(owner.cookie, { name: "a.txt", bytes: text("twelve bytes") });
    await withDb((db) => db.update(attachment).set({ size: 0 }).where(eq(attachment.id, file.id)));
    const location = `attachments/${owner.id}/${file.id}`;
    const res = await api("/api/attachments/updateSize", {
      cookie: owner.cookie,
      body: { id: file.id, location, type: "text/plain" },
    });
    expect(res.status).toBe(200);
    expect(await json<number>(res)).toBe(12);
    expect((await rowOf(file.id))?.size).toBe(12);
    // Another user, or a location that is not the row's, finds nothing.
    const other = await accountOnPlan("starter");
    const foreign = await api("/api/attachments/updateSize", {
      cookie: other.cookie,
      body: { id: file.id, location, type: "text/plain" },
    });
    expect(foreign.status).toBe(404);
    const elsewhere = await api("/api/attachments/updateSize", {
      cookie: owner.cookie,
      body: { id: file.id, location: `attachments/${owner.id}/other`, type: "text/plain" },
    });
    expect(elsewhere.status).toBe(404);
  });

  it("deletes the row and the R2 object for the owner, and is a 404 for anyone else", async () => {
    const owner = await accountOnPlan("starter");
    const other = await accountOnPlan("starter");
    const file = await upload(owner.cookie, { name: "a.txt", bytes: text("bye") });
    const foreign = await api("/api/attachments/delete", { cookie: other.cookie, body: { id: file.id } });
    expect(foreign.status).toBe(404);
    expect(await rowOf(file.id)).not.toBeNull();
    const res = await api("/api/attachments/delete", { cookie: owner.cookie, body: { id: file.id } });
    expect(res.status).toBe(200);
    expect(await rowOf(file.id)).toBeNull();
    expect(await env.FILES.head(`attachments/${owner.id}/${file.id}`)).toBeNull();
    const again = await api("/api/attachments/delete", { cookie: owner.cookie, body: { id: file.id } });
    expect(again.status).toBe(404);
  });
});

interface MessageWithFiles {
  id: number;
  role: string;
  content: string;
  attachments?: { id: string; name: string; type: string; size: number; url: string }[];
}

const send = (cookie: string, body: object, path = "/api/chat/new") => api(path, { cookie, body });

describe("sending attachments with a message", () => {
  it("links them to the user message, shows them after a reload, and the model receives the bytes", async () => {
    const owner = await accountOnPlan("starter");
    const photo = await upload(owner.cookie, { name: "sunset.png", bytes: await pngBytes(16) });
    const notes = await upload(owner.cookie, { name: "notes.md", bytes: text("# Trip\nDay one") });
    const res = await send(owner.cookie, {
      assistantId: "default",
      model: "test",
      content: "What do you see?",
      attachmentIds: [photo.id, notes.id],
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const started = await json<{ chat: { id: number }; userMessage: MessageWithFiles }>(res);
    expect(started.userMessage.attachments?.map((a) => a.name)).toEqual(["sunset.png", "notes.md"]);
    const events = await readToDone(owner.cookie, started.chat.id);
    // The built-in test model lists what it was given, bytes included: they came back from R2.
    const answer = textOf(events);
    expect(answer).toContain(`sunset.png (image/png, ${photo.size} bytes)`);
    // A document goes as passages through the document pipeline (documents-answer.test.ts), never raw.
    expect(answer).not.toContain("notes.md (text/markdown");

    const { messages } = await readChat(owner.cookie, started.chat.id);
    const question = messages[0] as unknown as MessageWithFiles;
    expect(question.attachments).toMatchObject([
      { id: photo.id, name: "sunset.png", type: "image/png", url: photo.url },
      { id: notes.id, name: "notes.md", type: "text/markdown" },
    ]);
    expect((messages[1] as unknown as MessageWithFiles).attachments).toEqual([]);
    expect((await rowOf(photo.id))?.messageId).toBe(started.userMessage.id);

    // A follow-up in the same chat sends the earlier picture again with its message.
    const again = await send(
      owner.cookie,
      { chatId: started.chat.id, content: "And now?" },
      "/api/chat/send",
    );
    expect(again.status).toBe(201);
    expect(textOf(await readToDone(owner.cookie, started.chat.id))).toContain("And now?");
  });

  it("answers 404 for another user's, an unknown or an already sent id, on new and send, and records nothing", async () => {
    const owner = await accountOnPlan("starter");
    const other = await accountOnPlan("starter");
    const theirs = await upload(other.cookie, { name: "private.png", bytes: await pngBytes() });
    const mine = await upload(owner.cookie, { name: "mine.png", bytes: await pngBytes() });
    const chats = async () =>
      (
        await json<{ chats: unknown[] }>(
          await api("/api/assistants/chats", {
            cookie: owner.cookie,
            body: { assistantId: "default", limit: 50, offset: 0 },
          }),
        )
      ).chats.length;
    const before = await chats();
    for (const ids of [[theirs.id], [mine.id, crypto.randomUUID()], ["not-a-uuid"]]) {
      const res = await send(owner.cookie, {
        assistantId: "default",
        model: "test",
        content: "look",
        attachmentIds: ids,
      });
      expect(res.status, JSON.stringify(ids)).toBe(404);
    }
    expect(await chats()).toBe(before);
    expect((await rowOf(theirs.id))?.messageId).toBeNull();
    expect((await rowOf(mine.id))?.messageId).toBeNull();

    const started = await startChat(owner.cookie, "first");
    await readToDone(owner.cookie, started.chat.id);
    const foreign = await send(
      owner.cookie,
      { chatId: started.chat.id, content: "look", attachmentIds: [theirs.id] },
      "/api/chat/send",
    );
    expect(foreign.status).toBe(404);
    const { messages } = await readChat(owner.cookie, started.chat.id);
    expect(messages).toHaveLength(2);

    const ok = await send(
      owner.cookie,
      { chatId: started.chat.id, content: "look", attachmentIds: [mine.id] },
      "/api/chat/send",
    );
    expect(ok.status).toBe(201);
    await readToDone(owner.cookie, started.chat.id);
    // Sent once: the same upload cannot be sent again.
    const twice = await send(
      owner.cookie,
      { chatId: started.chat.id, content: "again", attachmentIds: [mine.id] },
      "/api/chat/send",
    );
    expect(twice.status).toBe(404);
  });

  it("needs words or files, and refuses documents over the conversation's 32,000,000 bytes (SPEC §5, §8)", async () => {
    const owner = await accountOnPlan("starter");
    const empty = await send(owner.cookie, { assistantId: "default", model: "test", content: "  " });
    expect(empty.status).toBe(400);
    const first = await upload(owner.cookie, { name: "a.txt", bytes: text("first") });
    const second = await upload(owner.cookie, { name: "b.txt", bytes: text("second") });
    const picture = await upload(owner.cookie, { name: "c.png", bytes: await pngBytes() });
    // Sizes as if the files were large (the rule reads the recorded sizes).
    await withDb((db) => db.update(attachment).set({ size: 20_000_000 }).where(eq(attachment.id, first.id)));
    await withDb((db) => db.update(attachment).set({ size: 12_500_000 }).where(eq(attachment.id, second.id)));
    await withDb((db) =>
      db.update(attachment).set({ size: 30_000_000 }).where(eq(attachment.id, picture.id)),
    );
    const started = await send(owner.cookie, {
      assistantId: "default",
      model: "test",
      content: "read",
      attachmentIds: [first.id, picture.id],
    });
    expect(started.status).toBe(201);
    const { chat } = await json<{ chat: { id: number } }>(started);
    await readToDone(owner.cookie, chat.id);
    const over = await send(
      owner.cookie,
      { chatId: chat.id, content: "and this", attachmentIds: [second.id] },
      "/api/chat/send",
    );
    expect(over.status).toBe(413);
    expect((await errorOf(over)).code).toBe("documents_too_large");
    expect((await rowOf(second.id))?.messageId).toBeNull();
    expect((await readChat(owner.cookie, chat.id)).messages).toHaveLength(2);
  });
});

describe("the quota category of a send with files (SPEC §9)", () => {
  it("counts a conversation carrying documents as long, pictures alone as text", async () => {
    const owner = await accountOnPlan("starter");
    const categories = () =>
      withDb(async (db) =>
        (await db.select().from(usage).where(eq(usage.userId, owner.id)).orderBy(usage.id)).map(
          (u) => u.category,
        ),
      );
    const photo = await upload(owner.cookie, { name: "p.png", bytes: await pngBytes() });
    const res = await send(owner.cookie, {
      assistantId: "default",
      model: "test",
      content: "look",
      attachmentIds: [photo.id],
    });
    expect(res.status).toBe(201);
    const { chat } = await json<{ chat: { id: number } }>(res);
    await readToDone(owner.cookie, chat.id);
    const doc = await upload(owner.cookie, { name: "d.md", bytes: text("# doc") });
    const withDoc = await send(
      owner.cookie,
      { chatId: chat.id, content: "read", attachmentIds: [doc.id] },
      "/api/chat/send",
    );
    expect(withDoc.status).toBe(201);
    await readToDone(owner.cookie, chat.id);
    // The document stays in the conversation: the next plain question is long too.
    expect((await send(owner.cookie, { chatId: chat.id, content: "more" }, "/api/chat/send")).status).toBe(
      201,
    );
    await readToDone(owner.cookie, chat.id);
    expect(await categories()).toEqual(["text", "long", "long"]);
  });
});

describe("files reach the models in each provider's wire format", () => {
  const image = async (cookie: string, model: string) => {
    const tag = uniqueTag("vision");
    const photo = await upload(cookie, { name: "cat.png", bytes: await pngBytes(4) });
    const res = await send(cookie, {
      assistantId: "default",
      model,
      content: `Describe ${tag}`,
      attachmentIds: [photo.id],
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { chat } = await json<{ chat: { id: number } }>(res);
    const events = await readToDone(cookie, chat.id);
    return { tag, photo, events, answer: textOf(events) };
  };
  const base64Of = async (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

  it("OpenAI chat completions: an image_url part with a data URL", async () => {
    const owner = await accountOnPlan("expert");
    const { tag, answer } = await image(owner.cookie, "gpt-4.1");
    const request = await lastUpstreamRequest(tag, { provider: "openai" });
    const body = request.body as { messages: { role: string; content: unknown }[] };
    const content = body.messages.at(-1)?.content as { type: string; image_url?: { url: string } }[];
    expect(content[0]).toMatchObject({ type: "text", text: `Describe ${tag}` });
    expect(content[1]?.type).toBe("image_url");
    expect(content[1]?.image_url?.url).toBe(`data:image/png;base64,${await base64Of(await pngBytes(4))}`);
    expect(answer).toContain("I received 1 image");
  });

  it("Anthropic messages: an image block with a base64 source", async () => {
    const owner = await accountOnPlan("expert");
    const { tag, answer } = await image(owner.cookie, "claude-sonnet-4-5");
    const request = await lastUpstreamRequest(tag, { provider: "anthropic" });
    const body = request.body as { messages: { content: unknown }[] };
    const content = body.messages.at(-1)?.content as Record<string, unknown>[];
    expect(content[1]).toEqual({
      type: "image",
      source: { type: "base64", media_type: "image/png", data: await base64Of(await pngBytes(4)) },
    });
    expect(answer).toContain("I received 1 image");
  });

  it("Gemini (native, web model): inline_data parts, audio included", async () => {
    const owner = await accountOnPlan("expert");
    const { tag, answer } = await image(owner.cookie, "gemini-2.5-flash-web");
    const request = await lastUpstreamRequest(tag, { provider: "google" });
    const body = request.body as { contents: { parts: Record<string, unknown>[] }[] };
    expect(body.contents.at(-1)?.parts[1]).toEqual({
      inline_data: { mime_type: "image/png", data: await base64Of(await pngBytes(4)) },
    });
    expect(answer).toContain("I received 1 image");

    const wav = new Uint8Array([...text("RIFF"), 36, 0, 0, 0, ...text("WAVEfmt "), 16, 0, 0, 0]);
    const clip = await upload(owner.cookie, { name: "voice.wav", bytes: wav });
    const audioTag = uniqueTag("audio");
    const res = await send(owner.cookie, {
      assistantId: "default",
      model: "gemini-2.5-flash-web",
      content: `Listen ${audioTag}`,
      attachmentIds: [clip.id],
    });
    expect(res.status).toBe(201);
    const audio = await lastUpstreamRequest(audioTag, { provider: "google" });
    const parts = (audio.body as { contents: { parts: Record<string, unknown>[] }[] }).contents.at(-1)?.parts;
    expect(parts?.[1]).toMatchObject({ inline_data: { mime_type: "audio/wav" } });
  });

  it("an image-only tool (upscale) takes the attached picture with no prompt and answers an image", async () => {
    const owner = await accountOnPlan("expert");
    const tag = uniqueTag("upscale");
    const photo = await upload(owner.cookie, { name: `${tag}.png`, bytes: await pngBytes(8) });
    const res = await send(owner.cookie, {
      assistantId: "default",
      model: "stability-upscaler",
      content: "",
      attachmentIds: [photo.id],
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { chat } = await json<{ chat: { id: number } }>(res);
    const events = await readToDone(owner.cookie, chat.id);
    expect(events.at(-1)?.event).toMatchObject({ type: "done", outcome: "done" });
    expect(events.some((e) => e.event.type === "image")).toBe(true);
    const request = await lastUpstreamRequest(tag, { provider: "stabilityai" });
    expect(request.path).toContain("upscale");
    expect(request.body).toMatchObject({ image: { name: `${tag}.png`, type: "image/png" } });
  });
});

describe("orphan uploads", () => {
  it("are deleted by the daily cron after a day, row and R2 object; sent and recent ones stay", async () => {
    const owner = await accountOnPlan("starter");
    const old = await upload(owner.cookie, { name: "old.txt", bytes: text("old") });
    const recent = await upload(owner.cookie, { name: "new.txt", bytes: text("new") });
    const sent = await upload(owner.cookie, { name: "sent.txt", bytes: text("sent") });
    const res = await api("/api/chat/new", {
      cookie: owner.cookie,
      body: { assistantId: "default", model: "test", content: "read this", attachmentIds: [sent.id] },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    await withDb((db) => db.update(attachment).set({ createdAt: dayAgo }).where(eq(attachment.id, old.id)));
    await withDb((db) => db.update(attachment).set({ createdAt: dayAgo }).where(eq(attachment.id, sent.id)));

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "17 3 * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);

    expect(await rowOf(old.id)).toBeNull();
    expect(await env.FILES.head(`attachments/${owner.id}/${old.id}`)).toBeNull();
    expect(await rowOf(recent.id)).not.toBeNull();
    expect(await rowOf(sent.id)).not.toBeNull();
    expect(await env.FILES.head(`attachments/${owner.id}/${sent.id}`)).not.toBeNull();
  });

  it("also deletes R2 objects whose row went with a deleted chat, once they are a day old", async () => {
    const owner = await accountOnPlan("starter");
    const kept = await upload(owner.cookie, { name: "kept.txt", bytes: text("kept") });
    const sent = await upload(owner.cookie, { name: "sent.txt", bytes: text("sent") });
    const res = await send(owner.cookie, {
      assistantId: "default",
      model: "test",
      content: "read",
      attachmentIds: [sent.id],
    });
    const { chat } = await json<{ chat: { id: number } }>(res);
    await readToDone(owner.cookie, chat.id);
    expect((await api("/api/chat/delete", { cookie: owner.cookie, body: { id: chat.id } })).status).toBe(200);
    expect(await rowOf(sent.id)).toBeNull();
    const prefix = `attachments/${owner.id}/`;
    // Not yet a day old: left alone (its row may still be on its way).
    expect(
      await withDb((db) => sweepUnreferencedObjects(db, env.FILES, new Date(Date.now() - 60_000), prefix)),
    ).toBe(0);
    const dayLater = new Date(Date.now() + 25 * 60 * 60 * 1000);
    expect(await withDb((db) => sweepUnreferencedObjects(db, env.FILES, dayLater, prefix))).toBe(1);
    expect(await env.FILES.head(`${prefix}${sent.id}`)).toBeNull();
    expect(await env.FILES.head(`${prefix}${kept.id}`)).not.toBeNull();
  });
});
