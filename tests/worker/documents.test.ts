// The document pipeline in workerd: every format's text, passages embedded through the OpenAI SDK into pgvector,
// retrieval scoped to one user's chat and assistant, the SPEC §8 failures, and chunks gone with their owner.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { strToU8 } from "fflate";
import { describe, expect, it } from "vitest";
import { assistant, attachment, chat, embedding } from "../../drizzle/schema";
import { extractDocument } from "../../src/documents/extract";
import { ingestDocument } from "../../src/documents/ingest";
import { DocumentError } from "../../src/documents/problem";
import { retrievePassages } from "../../src/documents/retrieve";
import { providerConfigFromEnv } from "../../src/providers/config";
import { makeDocx, makeEpub, makeOdf, makePdf, makePptx, makeRtf, makeXlsx } from "../support/documents";
import { withDb } from "./support/accounts";
import { startChat } from "./support/chats";
import { accountOnPlan } from "./support/plans";

const config = () => providerConfigFromEnv(env);
const text = (blocks: { text: string }[]) => blocks.map((b) => b.text).join("\n");

async function problemOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DocumentError) return error.problem;
    throw error;
  }
  return "none";
}

describe("text from every document type", () => {
  const cases: [string, () => Uint8Array, RegExp[]][] = [
    [
      "report.pdf",
      () => makePdf([["Quarterly revenue rose to 12 million."], ["Page two talks about llamas."]]),
      [/12 million/, /llamas/],
    ],
    [
      "notes.docx",
      () =>
        makeDocx([
          ["Heading1", "Findings"],
          [null, "Tea & biscuits < coffee"],
        ]),
      [/Findings/, /Tea & biscuits < coffee/],
    ],
    [
      "prices.xlsx",
      () =>
        makeXlsx("Prices", [
          ["Fruit", "Price"],
          ["Mango", 3.5],
        ]),
      [/Fruit: Mango \| Price: 3\.5/],
    ],
    [
      "deck.pptx",
      () =>
        makePptx([
          ["Roadmap", "Ship search"],
          ["Risks", "Latency"],
        ]),
      [/Roadmap/, /Ship search/, /Latency/],
    ],
    [
      "essay.odt",
      () => makeOdf("odt", [["Introduction", "Otters hold hands while sleeping."]]),
      [/Otters hold hands/],
    ],
    ["slides.odp", () => makeOdf("odp", [["Budget", "Twelve euros"], ["Plan"]]), [/Twelve euros/, /Plan/]],
    [
      "book.epub",
      () =>
        makeEpub([
          ["Chapter One", ["It was a bright cold day."]],
          ["Chapter Two", ["The clocks struck."]],
        ]),
      [/bright cold day/, /clocks struck/],
    ],
    [
      "letter.rtf",
      () => makeRtf(["Dear café owner,", "Braces { stay."]),
      [/Dear café owner,/, /Braces \{ stay/],
    ],
    [
      "data.csv",
      () => strToU8('name,city\n"Smith, Ann","Paris"\nBob,Lyon\n'),
      [/name: Smith, Ann \| city: Paris/, /name: Bob \| city: Lyon/],
    ],
    [
      "readme.md",
      () => strToU8("# Setup\n\nRun the thing.\n\n## Usage\n\nCall it."),
      [/Run the thing/, /Call it/],
    ],
    ["data.json", () => strToU8('{"answer": 42}'), [/"answer": 42/]],
    [
      "talk.srt",
      () =>
        strToU8(
          "1\n00:00:01,000 --> 00:00:02,000\nHello <i>there</i>\n\n2\n00:00:03,000 --> 00:00:04,000\nGeneral Kenobi\n",
        ),
      [/Hello there General Kenobi/],
    ],
    ["talk.vtt", () => strToU8("WEBVTT\n\n00:01.000 --> 00:02.000\nFirst cue\n"), [/^First cue$/]],
    ["main.py", () => strToU8("def add(a, b):\n    return a + b\n"), [/def add/]],
    [
      "page.html",
      () => strToU8("<html><body><h1>Title</h1><p>Body <b>text</b></p><script>evil()</script></body></html>"),
      [/Title/, /Body text/],
    ],
  ];
  it.each(cases)("%s", async (name, make, expected) => {
    const blocks = await extractDocument(make(), name);
    for (const pattern of expected) expect(text(blocks)).toMatch(pattern);
    expect(text(blocks)).not.toMatch(/evil\(\)|-->|<w:|<a:/);
  });

  it("keeps the page of every PDF paragraph", async () => {
    const blocks = await extractDocument(makePdf([["one"], ["two"], ["three"]]), "pages.pdf");
    expect(blocks.map((b) => [b.page, b.text])).toEqual([
      [1, "one"],
      [2, "two"],
      [3, "three"],
    ]);
  });

  it("refuses a scanned, a password-protected, a corrupt and an unknown file with the SPEC §8 case", async () => {
    expect(await problemOf(extractDocument(makePdf([["x"]], { scanned: true }), "scan.pdf"))).toBe(
      "document_unprocessable",
    );
    expect(await problemOf(extractDocument(makePdf([["secret"]], { locked: true }), "locked.pdf"))).toBe(
      "document_unprocessable",
    );
    expect(await problemOf(extractDocument(strToU8("%PDF-1.4 garbage"), "broken.pdf"))).toBe(
      "document_unprocessable",
    );
    expect(await problemOf(extractDocument(strToU8("not a zip"), "broken.docx"))).toBe(
      "document_unprocessable",
    );
    const ole = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
    expect(await problemOf(extractDocument(ole, "locked.xlsx"))).toBe("document_unprocessable");
    expect(await problemOf(extractDocument(new Uint8Array([0, 1, 2, 0, 0]), "binary.txt"))).toBe(
      "document_unprocessable",
    );
    expect(await problemOf(extractDocument(strToU8("x"), "movie.mp4"))).toBe("document_unprocessable");
  });
});

/** An attachment row for a document the test ingests (the upload route stores the bytes in R2). */
async function documentRow(
  userId: number,
  name: string,
  owner: { messageId?: number; assistantId?: number } = {},
) {
  return withDb(async (db) => {
    const [row] = await db
      .insert(attachment)
      .values({ userId, name, type: "document", content: { location: `test/${name}` }, size: 1, ...owner })
      .returning({ id: attachment.id });
    if (!row) throw new Error("no attachment");
    return { id: row.id, name };
  });
}

const MANUAL = makeDocx([
  ["Heading1", "Boiler"],
  [null, "To reset the boiler, hold the red button for five seconds until the display blinks."],
  ["Heading1", "Garden"],
  [null, "Water the tomatoes every evening in July; the hose is behind the shed."],
  ["Heading1", "Internet"],
  [null, "The wifi password is printed under the router, next to the serial number."],
]);

describe("passages: embedded, stored, retrieved for the question", () => {
  it("finds the passage that answers, with its source, through the embeddings API", async () => {
    const account = await accountOnPlan("starter");
    const started = await startChat(account.cookie, "About my house manual");
    const doc = await documentRow(account.id, "manual.docx", { messageId: started.userMessage.id });
    const progress: number[] = [];
    const result = await withDb((db) =>
      ingestDocument(db, config(), {
        userId: account.id,
        attachment: doc,
        bytes: MANUAL,
        chatId: started.chat.id,
        messageId: started.userMessage.id,
        onProgress: (done) => {
          progress.push(done);
        },
      }),
    );
    expect(result.passages).toBeGreaterThan(0);
    expect(progress.at(-1)).toBe(result.passages);

    const found = await withDb((db) =>
      retrievePassages(db, config(), {
        userId: account.id,
        chatId: started.chat.id,
        question: "How do I reset the boiler?",
        limit: 1,
      }),
    );
    expect(found.passages[0]?.content).toMatch(/hold the red button/);
    expect(found.sources).toEqual([{ attachmentId: doc.id, name: "manual.docx", pages: [] }]);
    expect(found.prompt).toMatch(/<passage source="manual.docx">\n[\s\S]*red button/);
  });

  it("ranks the right page of a long PDF first and names the page", async () => {
    const account = await accountOnPlan("starter");
    const started = await startChat(account.cookie, "Long PDF");
    const filler = (n: number) => [
      `Section ${n}. ${"General remarks about nothing in particular. ".repeat(20)}`,
    ];
    const pages = Array.from({ length: 30 }, (_, i) =>
      i === 22 ? ["The lighthouse keeper feeds the seagulls sardines at dawn."] : filler(i),
    );
    const doc = await documentRow(account.id, "long.pdf", { messageId: started.userMessage.id });
    await withDb((db) =>
      ingestDocument(db, config(), {
        userId: account.id,
        attachment: doc,
        bytes: makePdf(pages),
        chatId: started.chat.id,
      }),
    );
    const found = await withDb((db) =>
      retrievePassages(db, config(), {
        userId: account.id,
        chatId: started.chat.id,
        question: "What does the lighthouse keeper feed the seagulls?",
        limit: 3,
      }),
    );
    const best = [...found.passages].sort((a, b) => a.distance - b.distance)[0];
    expect(best?.content).toMatch(/sardines/);
    expect(best?.metadata.page).toBe(23);
    expect(found.sources[0]?.pages).toContain(23);
    expect(found.prompt).toMatch(/page="23(-\d+)?"/);
  });

  it("never retrieves another user's passages, even of the same text", async () => {
    const [alice, bob] = [await accountOnPlan("starter"), await accountOnPlan("starter")];
    const aliceChat = await startChat(alice.cookie, "mine");
    const bobChat = await startChat(bob.cookie, "mine too");
    for (const [who, started] of [
      [alice, aliceChat],
      [bob, bobChat],
    ] as const) {
      const doc = await documentRow(who.id, "manual.docx", { messageId: started.userMessage.id });
      await withDb((db) =>
        ingestDocument(db, config(), {
          userId: who.id,
          attachment: doc,
          bytes: MANUAL,
          chatId: started.chat.id,
        }),
      );
    }
    // Bob asks with Alice's chat id: the user filter in SQL leaves nothing.
    const stolen = await withDb((db) =>
      retrievePassages(db, config(), { userId: bob.id, chatId: aliceChat.chat.id, question: "boiler" }),
    );
    expect(stolen.passages).toEqual([]);
    const own = await withDb((db) =>
      retrievePassages(db, config(), { userId: bob.id, chatId: bobChat.chat.id, question: "boiler" }),
    );
    expect(own.passages.length).toBeGreaterThan(0);
    const ids = await withDb((db) =>
      db.select({ userId: embedding.userId }).from(embedding).where(eq(embedding.chatId, bobChat.chat.id)),
    );
    expect(new Set(ids.map((r) => r.userId))).toEqual(new Set([bob.id]));
  });

  it("searches the assistant's documents in every chat of it", async () => {
    const account = await accountOnPlan("starter");
    const [helper] = await withDb((db) =>
      db
        .insert(assistant)
        .values({ userId: account.id, label: `House ${crypto.randomUUID()}` })
        .returning(),
    );
    if (!helper) throw new Error("no assistant");
    const doc = await documentRow(account.id, "manual.docx", { assistantId: helper.id });
    await withDb((db) =>
      ingestDocument(db, config(), {
        userId: account.id,
        attachment: doc,
        bytes: MANUAL,
        assistantId: helper.id,
      }),
    );
    const started = await startChat(account.cookie, "new chat of the assistant");
    const found = await withDb((db) =>
      retrievePassages(db, config(), {
        userId: account.id,
        chatId: started.chat.id,
        assistantId: helper.id,
        question: "Where is the wifi password?",
        limit: 1,
      }),
    );
    expect(found.passages[0]?.content).toMatch(/under the router/);
  });

  it("deletes the passages with their chat, their assistant or their file", async () => {
    const account = await accountOnPlan("starter");
    const started = await startChat(account.cookie, "to be deleted");
    const [helper] = await withDb((db) =>
      db
        .insert(assistant)
        .values({ userId: account.id, label: `Gone ${crypto.randomUUID()}` })
        .returning(),
    );
    if (!helper) throw new Error("no assistant");
    const inChat = await documentRow(account.id, "a.md", { messageId: started.userMessage.id });
    const ofAssistant = await documentRow(account.id, "b.md", { assistantId: helper.id });
    const loose = await documentRow(account.id, "c.md", { messageId: started.userMessage.id });
    const md = strToU8("# Notes\n\nSome words worth keeping.");
    await withDb(async (db) => {
      await ingestDocument(db, config(), {
        userId: account.id,
        attachment: inChat,
        bytes: md,
        chatId: started.chat.id,
      });
      await ingestDocument(db, config(), {
        userId: account.id,
        attachment: ofAssistant,
        bytes: md,
        assistantId: helper.id,
      });
      await ingestDocument(db, config(), {
        userId: account.id,
        attachment: loose,
        bytes: md,
        chatId: started.chat.id,
      });
    });
    const count = () =>
      withDb((db) => db.select({ id: embedding.id }).from(embedding).where(eq(embedding.userId, account.id)));
    expect(await count()).toHaveLength(3);
    await withDb((db) => db.delete(attachment).where(eq(attachment.id, loose.id)));
    expect(await count()).toHaveLength(2);
    await withDb((db) => db.delete(assistant).where(eq(assistant.id, helper.id)));
    expect(await count()).toHaveLength(1);
    await withDb((db) => db.delete(chat).where(eq(chat.id, started.chat.id)));
    expect(await count()).toHaveLength(0);
  });

  it("fails as a pipeline error, storing nothing, when no embeddings service is configured", async () => {
    const account = await accountOnPlan("starter");
    const doc = await documentRow(account.id, "x.md");
    const noKey = providerConfigFromEnv({ ...env, OPENAI_API_KEY: "" });
    const outcome = await withDb((db) =>
      problemOf(
        ingestDocument(db, noKey, { userId: account.id, attachment: doc, bytes: strToU8("some text") }),
      ),
    );
    expect(outcome).toBe("document_pipeline_error");
  });
});
