// Editing a question that carries files: the files it keeps (with their documents' passages), the ones it
// drops (the way back under the documents total, SPEC §8), and uploads never lost when a send is undone.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { attachment, embedding } from "../../drizzle/schema";
import { makeDocx } from "../support/documents";
import { errorOf, withDb } from "./support/accounts";
import { api, json } from "./support/api";
import { readChat, readToDone, startAnswer } from "./support/chats";
import { accountOnPlan } from "./support/plans";
import { pngBytes, text, upload } from "./support/uploads";

const MANUAL = makeDocx([
  ["Heading1", "Boiler"],
  [null, "To reset the boiler, hold the red button for five seconds until the display blinks."],
]);

const rowOf = (id: string) =>
  withDb(async (db) => (await db.select().from(attachment).where(eq(attachment.id, id)))[0] ?? null);

const passagesOf = (id: string) =>
  withDb((db) =>
    db.select({ messageId: embedding.messageId }).from(embedding).where(eq(embedding.attachmentId, id)),
  );

interface Answer {
  chat: { id: number };
  userMessage: { id: number; attachments: { id: string }[] };
}

async function chatWithFiles(cookie: string, content: string, attachmentIds: string[], model = "test") {
  const res = await api("/api/chat/new", {
    cookie,
    body: { assistantId: "default", model, content, attachmentIds },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const started = await json<Answer>(res);
  await readToDone(cookie, started.chat.id);
  return started;
}

const edit = (cookie: string, body: object) => api("/api/chat/edit", { cookie, body });

describe("editing a question with files", () => {
  it("keeps its files when none are named, and refuses a file that is not the question's", async () => {
    const owner = await accountOnPlan("starter");
    const photo = await upload(owner.cookie, { name: "p.png", bytes: await pngBytes() });
    const notes = await upload(owner.cookie, {
      name: "notes.txt",
      bytes: text("The cat is called Whiskers."),
    });
    const started = await chatWithFiles(owner.cookie, "Look at these", [photo.id, notes.id]);

    const res = await edit(owner.cookie, {
      chatId: started.chat.id,
      messageId: started.userMessage.id,
      content: "Look at these again",
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const edited = await json<{ userMessage: Answer["userMessage"] }>(res);
    expect(edited.userMessage.attachments.map((a) => a.id).sort()).toEqual([photo.id, notes.id].sort());
    await readToDone(owner.cookie, started.chat.id);
    expect((await rowOf(photo.id))?.messageId).toBe(edited.userMessage.id);
    const { messages } = await readChat(owner.cookie, started.chat.id);
    expect(messages.map((m) => m.id)[0]).toBe(edited.userMessage.id);

    const stranger = await upload(owner.cookie, { name: "other.png", bytes: await pngBytes() });
    const foreign = await edit(owner.cookie, {
      chatId: started.chat.id,
      messageId: edited.userMessage.id,
      content: "and this",
      attachmentIds: [photo.id, stranger.id],
    });
    expect(foreign.status).toBe(400);
    expect((await errorOf(foreign)).details).toEqual([
      { path: "attachmentIds.1", message: "not a file of this message" },
    ]);
    const empty = await edit(owner.cookie, {
      chatId: started.chat.id,
      messageId: edited.userMessage.id,
      content: " ",
      attachmentIds: [],
    });
    expect(empty.status).toBe(400);
    expect((await errorOf(empty)).details).toEqual([{ path: "content", message: "must not be empty" }]);
    // Nothing was lost to the refusals.
    expect((await rowOf(stranger.id))?.messageId).toBeNull();
    expect((await rowOf(notes.id))?.messageId).toBe(edited.userMessage.id);
  });

  it("drops the files left out; a kept document keeps its passages and is the only one the answer uses", async () => {
    const owner = await accountOnPlan("starter");
    const manual = await upload(owner.cookie, { name: "manual.docx", bytes: MANUAL });
    const notes = await upload(owner.cookie, {
      name: "notes.txt",
      bytes: text("The cat is called Whiskers."),
    });
    const started = await chatWithFiles(
      owner.cookie,
      "What is in my files?",
      [manual.id, notes.id],
      "gpt-4.1",
    );
    expect(await passagesOf(notes.id)).not.toHaveLength(0);

    const edited = await startAnswer(owner.cookie, "edit", {
      chatId: started.chat.id,
      messageId: started.userMessage.id,
      content: "How do I reset the boiler?",
      attachmentIds: [manual.id],
    });
    const events = await readToDone(owner.cookie, started.chat.id);
    const ready = events.map((e) => e.event).findLast((e) => e.type === "documents");
    expect(ready).toMatchObject({ status: "ready", sources: [{ attachmentId: manual.id }] });
    expect(await rowOf(notes.id)).toBeNull();
    expect(await passagesOf(notes.id)).toHaveLength(0);
    const kept = await passagesOf(manual.id);
    expect(kept).not.toHaveLength(0);
    expect(kept.every((p) => p.messageId === edited.userMessage?.id)).toBe(true);
  });

  it("is how a conversation's documents come back under their total (SPEC §8 documents_too_large)", async () => {
    const owner = await accountOnPlan("starter");
    const first = await upload(owner.cookie, { name: "a.txt", bytes: text("first") });
    const picture = await upload(owner.cookie, { name: "c.png", bytes: await pngBytes() });
    const second = await upload(owner.cookie, { name: "b.txt", bytes: text("second") });
    // Sizes as if the files were large (the rule reads the recorded sizes).
    for (const [id, size] of [
      [first.id, 20_000_000],
      [second.id, 12_500_000],
    ] as const) {
      await withDb((db) => db.update(attachment).set({ size }).where(eq(attachment.id, id)));
    }
    const started = await chatWithFiles(owner.cookie, "read", [first.id, picture.id]);
    const send = (chatId: number) =>
      api("/api/chat/send", {
        cookie: owner.cookie,
        body: { chatId, content: "and this", attachmentIds: [second.id] },
      });
    const over = await send(started.chat.id);
    expect(over.status).toBe(413);
    expect((await errorOf(over)).code).toBe("documents_too_large");

    const edited = await startAnswer(owner.cookie, "edit", {
      chatId: started.chat.id,
      messageId: started.userMessage.id,
      content: "only the picture",
      attachmentIds: [picture.id],
    });
    await readToDone(owner.cookie, started.chat.id);
    expect((await rowOf(picture.id))?.messageId).toBe(edited.userMessage?.id);
    expect(await rowOf(first.id)).toBeNull();
    expect((await send(started.chat.id)).status).toBe(201);
    expect((await rowOf(second.id))?.messageId).not.toBeNull();
  });
});

describe("a send that is undone", () => {
  it("gives its uploads back, to be sent again", async () => {
    const owner = await accountOnPlan("starter");
    const started = await chatWithFiles(owner.cookie, "First", []);
    await startAnswer(owner.cookie, "send", { chatId: started.chat.id, content: "Second [[hang]]" });
    const photo = await upload(owner.cookie, { name: "p.png", bytes: await pngBytes() });
    const body = { chatId: started.chat.id, content: "Third", attachmentIds: [photo.id] };
    // Recorded, then refused by the chat's stream (an answer is running): the exchange is undone.
    const busy = await api("/api/chat/send", { cookie: owner.cookie, body });
    expect(busy.status).toBe(409);
    expect((await errorOf(busy)).code).toBe("generation_in_progress");
    expect(await rowOf(photo.id)).toMatchObject({ messageId: null });

    await api("/api/chat/stop", { cookie: owner.cookie, body: { chatId: started.chat.id } });
    expect((await api("/api/chat/send", { cookie: owner.cookie, body })).status).toBe(201);
    expect((await rowOf(photo.id))?.messageId).not.toBeNull();
  });
});
