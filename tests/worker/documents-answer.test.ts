// Documents in a conversation, end to end through the API: uploaded, read while the answer waits (progress on
// the stream), their passages reaching the model with sources, counted as `long` requests, and SPEC §8 failures.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { usage } from "../../drizzle/schema";
import { makeDocx, makePdf } from "../support/documents";
import { withDb } from "./support/accounts";
import { api, json, textOf } from "./support/api";
import { makeAssistant, readChat, readToDone, type StartedChat, startAnswer } from "./support/chats";
import { accountOnPlan } from "./support/plans";
import { text, upload } from "./support/uploads";

const MODEL = "gpt-4.1";
const MANUAL = makeDocx([
  ["Heading1", "Boiler"],
  [null, "To reset the boiler, hold the red button for five seconds until the display blinks."],
  ["Heading1", "Garden"],
  [null, "Water the tomatoes every evening in July; the hose is behind the shed."],
]);

async function newChat(
  cookie: string,
  content: string,
  attachmentIds: string[],
  assistantId: string | number = "default",
) {
  const res = await api("/api/chat/new", {
    cookie,
    body: { assistantId, model: MODEL, content, attachmentIds },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return json<StartedChat>(res);
}

const categories = (userId: number) =>
  withDb((db) => db.select({ category: usage.category }).from(usage).where(eq(usage.userId, userId)));

describe("a question about an attached document", () => {
  it("waits while the document is read, answers from its passages, names the source, counts as long", async () => {
    const account = await accountOnPlan("starter");
    const doc = await upload(account.cookie, { name: "manual.docx", bytes: MANUAL });
    const started = await newChat(account.cookie, "How do I reset the boiler?", [doc.id]);
    const events = await readToDone(account.cookie, started.chat.id);

    const documents = events.flatMap((e) => (e.event.type === "documents" ? [e.event] : []));
    expect(documents[0]).toMatchObject({ status: "reading" });
    expect(documents.at(-1)).toMatchObject({
      status: "ready",
      sources: [{ attachmentId: doc.id, name: "manual.docx", pages: [] }],
    });
    const firstText = events.findIndex((e) => e.event.type === "text");
    expect(firstText).toBeGreaterThan(
      events.findIndex((e) => e.event.type === "documents" && e.event.status === "ready"),
    );
    expect(textOf(events)).toMatch(
      /I was given \d+ document passages?\. The first, from manual\.docx, reads: ".*red button/,
    );
    expect(await categories(account.id)).toEqual([{ category: "long" }]);

    // After a reload the message still names its sources.
    const saved = await readChat(account.cookie, started.chat.id);
    const answer = saved.messages.find((m: { id: number }) => m.id === started.modelMessage.id);
    expect(answer?.metadata.documents).toMatchObject({ status: "ready", sources: [{ name: "manual.docx" }] });
  });

  it("reads a document once: the next question of the chat searches it again without reading it", async () => {
    const account = await accountOnPlan("starter");
    const doc = await upload(account.cookie, { name: "manual.docx", bytes: MANUAL });
    const started = await newChat(account.cookie, "Summarise the manual", [doc.id]);
    await readToDone(account.cookie, started.chat.id);
    await startAnswer(account.cookie, "send", {
      chatId: started.chat.id,
      model: MODEL,
      content: "When do I water the tomatoes?",
    });
    const events = await readToDone(account.cookie, started.chat.id);
    const statuses = events.flatMap((e) => (e.event.type === "documents" ? [e.event.status] : []));
    expect(statuses).toEqual(["ready"]);
    expect(textOf(events)).toMatch(/tomatoes every evening/);
    expect(await categories(account.id)).toEqual([{ category: "long" }, { category: "long" }]);
  });

  it("uses the assistant's documents in its chats, and a chat without documents stays a text request", async () => {
    const account = await accountOnPlan("starter");
    const helper = await makeAssistant(account.id, `House ${crypto.randomUUID()}`);
    await upload(account.cookie, { name: "manual.docx", bytes: MANUAL }, { assistantId: String(helper.id) });
    const started = await newChat(account.cookie, "Where is the hose?", [], helper.id);
    expect(textOf(await readToDone(account.cookie, started.chat.id))).toMatch(/behind the shed|red button/);
    const plain = await newChat(account.cookie, "Hello there", []);
    const events = await readToDone(account.cookie, plain.chat.id);
    expect(events.some((e) => e.event.type === "documents")).toBe(false);
    expect((await categories(account.id)).map((r) => r.category).sort()).toEqual(["long", "text"]);
  });

  it("ends with the SPEC §8 notice when a document cannot be read, and the next send still works", async () => {
    const account = await accountOnPlan("starter");
    const scan = await upload(account.cookie, {
      name: "scan.pdf",
      bytes: makePdf([["x"]], { scanned: true }),
    });
    const started = await newChat(account.cookie, "What does the scan say?", [scan.id]);
    const events = await readToDone(account.cookie, started.chat.id);
    expect(events.find((e) => e.event.type === "error")?.event).toMatchObject({
      code: "document_unprocessable",
    });
    expect(textOf(events)).toBe("");
    const saved = await readChat(account.cookie, started.chat.id);
    const answer = saved.messages.find((m: { id: number }) => m.id === started.modelMessage.id);
    expect(answer?.metadata.error).toMatchObject({ code: "document_unprocessable" });

    // A text file in another chat is fine.
    const notes = await upload(account.cookie, {
      name: "notes.md",
      bytes: text("# Notes\n\nThe spare key is under the mat."),
    });
    const other = await newChat(account.cookie, "Where is the spare key?", [notes.id]);
    expect(textOf(await readToDone(account.cookie, other.chat.id))).toMatch(/under the mat/);
  });

  it("never lets a document into another user's answer", async () => {
    const [alice, bob] = [await accountOnPlan("starter"), await accountOnPlan("starter")];
    const doc = await upload(alice.cookie, { name: "secret.md", bytes: text("The vault code is 4417.") });
    const aliceChat = await newChat(alice.cookie, "What is the vault code?", [doc.id]);
    await readToDone(alice.cookie, aliceChat.chat.id);
    const res = await api("/api/chat/new", {
      cookie: bob.cookie,
      body: {
        assistantId: "default",
        model: MODEL,
        content: "What is the vault code?",
        attachmentIds: [doc.id],
      },
    });
    expect(res.status).toBe(404);
    const bobChat = await newChat(bob.cookie, "What is the vault code?", []);
    expect(textOf(await readToDone(bob.cookie, bobChat.chat.id))).not.toMatch(/4417/);
    const rows = await withDb((db) =>
      db
        .select()
        .from(usage)
        .where(and(eq(usage.userId, bob.id), eq(usage.category, "long"))),
    );
    expect(rows).toEqual([]);
  });
});
