// A file the assistant has and a message carries too is one document to the answer: one source, its passages
// once; and an image answer is given no documents, so it names none.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { usage } from "../../drizzle/schema";
import type { DocumentsProgress } from "../../src/domain/chat/stream-events";
import { makeDocx } from "../support/documents";
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
const NOTES = text("# Notes\n\nThe spare key is under the mat.");

async function newChat(cookie: string, content: string, attachmentIds: string[], assistantId: number) {
  const res = await api("/api/chat/new", {
    cookie,
    body: { assistantId, model: MODEL, content, attachmentIds },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return json<StartedChat>(res);
}

const readyOf = (events: Awaited<ReturnType<typeof readToDone>>) =>
  events.flatMap((e) => (e.event.type === "documents" && e.event.status === "ready" ? [e.event] : []));

/** "I was given N document passages" (the stand-in's words): how many passages the model got. */
const passagesGiven = (answer: string) => Number(/I was given (\d+) document passage/.exec(answer)?.[1]);

describe("a file given both by the assistant and by a message", () => {
  it("is one source and its passages reach the model once", async () => {
    const account = await accountOnPlan("starter");
    const helper = await makeAssistant(account.id, `House ${crypto.randomUUID()}`);
    for (const file of [
      { name: "manual.docx", bytes: MANUAL },
      { name: "notes.md", bytes: NOTES },
    ]) {
      await upload(account.cookie, file, { assistantId: String(helper.id) });
    }

    // The assistant's files alone: what the answer is given.
    const alone = await newChat(account.cookie, "How do I reset the boiler?", [], helper.id);
    const aloneEvents = await readToDone(account.cookie, alone.chat.id);
    const aloneSources = readyOf(aloneEvents).at(-1)?.sources ?? [];
    expect(aloneSources.map((s) => s.name).sort()).toEqual(["manual.docx", "notes.md"]);
    const given = passagesGiven(textOf(aloneEvents));
    expect(given).toBeGreaterThan(0);

    // The same two files sent again with the question: still two sources, and no passage twice.
    const copies = [
      await upload(account.cookie, { name: "manual.docx", bytes: MANUAL }),
      await upload(account.cookie, { name: "notes.md", bytes: NOTES }),
    ];
    const both = await newChat(
      account.cookie,
      "How do I reset the boiler?",
      copies.map((c) => c.id),
      helper.id,
    );
    const events = await readToDone(account.cookie, both.chat.id);
    const sources = readyOf(events).at(-1)?.sources ?? [];
    expect(sources.map((s) => s.name).sort()).toEqual(["manual.docx", "notes.md"]);
    expect(passagesGiven(textOf(events))).toBe(given);
    expect(textOf(events)).toMatch(/red button/);

    const saved = await readChat(account.cookie, both.chat.id);
    const answer = saved.messages.find((m) => m.id === both.modelMessage.id);
    const recorded = answer?.metadata.documents as DocumentsProgress | undefined;
    expect(recorded?.sources?.map((s) => s.name).sort()).toEqual(["manual.docx", "notes.md"]);
  });
});

describe("a file given many times over", () => {
  // Every copy holds the same passages at the same distances, so the nearest rows can all be copies of a few.
  it("still gives the model as many distinct passages as one copy does", async () => {
    const account = await accountOnPlan("starter");
    const helper = await makeAssistant(account.id, `Library ${crypto.randomUUID()}`);
    const book = text(
      Array.from(
        { length: 24 },
        (_, i) =>
          `# Chapter ${i + 1}\n\n${`The boiler's chapter ${i + 1} says to hold the red button and wait. `.repeat(14)}`,
      ).join("\n\n"),
    );
    await upload(account.cookie, { name: "book.md", bytes: book }, { assistantId: String(helper.id) });
    const alone = await newChat(account.cookie, "How do I reset the boiler?", [], helper.id);
    const given = passagesGiven(textOf(await readToDone(account.cookie, alone.chat.id)));
    expect(given).toBe(8);

    const copies = [];
    for (let i = 0; i < 4; i++) copies.push(await upload(account.cookie, { name: "book.md", bytes: book }));
    const many = await newChat(
      account.cookie,
      "How do I reset the boiler?",
      copies.map((c) => c.id),
      helper.id,
    );
    const events = await readToDone(account.cookie, many.chat.id);
    expect(passagesGiven(textOf(events))).toBe(given);
    expect(
      readyOf(events)
        .at(-1)
        ?.sources?.map((s) => s.name),
    ).toEqual(["book.md"]);
  });
});

describe("an image answer in a conversation with documents", () => {
  it("is given no documents and names no sources; the next text answer still uses them", async () => {
    const account = await accountOnPlan("starter");
    const helper = await makeAssistant(account.id, `Studio ${crypto.randomUUID()}`);
    await upload(account.cookie, { name: "manual.docx", bytes: MANUAL }, { assistantId: String(helper.id) });
    const copy = await upload(account.cookie, { name: "notes.md", bytes: NOTES });
    const started = await newChat(account.cookie, "Where is the spare key?", [copy.id], helper.id);
    await readToDone(account.cookie, started.chat.id);

    const picture = await startAnswer(account.cookie, "send", {
      chatId: started.chat.id,
      model: "test-image",
      content: "a red fox in the snow",
    });
    const events = await readToDone(account.cookie, started.chat.id);
    expect(events.some((e) => e.event.type === "image")).toBe(true);
    expect(events.filter((e) => e.event.type === "documents")).toEqual([]);
    const saved = await readChat(account.cookie, started.chat.id);
    const answer = saved.messages.find((m) => m.id === picture.modelMessage.id);
    expect(answer?.metadata.documents).toBeUndefined();
    const images = await withDb((db) =>
      db
        .select({ category: usage.category })
        .from(usage)
        .where(and(eq(usage.userId, account.id), eq(usage.category, "image"))),
    );
    expect(images).toHaveLength(1);

    await startAnswer(account.cookie, "send", {
      chatId: started.chat.id,
      model: MODEL,
      content: "How do I reset the boiler?",
    });
    const next = await readToDone(account.cookie, started.chat.id);
    expect(
      readyOf(next)
        .at(-1)
        ?.sources?.map((s) => s.name),
    ).toContain("manual.docx");
  });
});
