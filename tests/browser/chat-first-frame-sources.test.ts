// Journey: an answer's sources — the documents it drew on, the web pages it found — are in the open chat's first
// frame (src/sharing/chat-shell-sources.ts) in the app's blocks, in the reader's language. A long chat is shown
// from its end: a block the frame left out moved everything above it at the handover, on a phone as on a computer.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { makePdf } from "../support/documents";
import { appUrl, poll, sessionPerFile } from "./chat-support";
import {
  ask,
  handOver,
  madeOnce,
  onDevices,
  openHeld,
  openHeldFrame,
  startLongChat,
  watchNewestAnswer,
} from "./first-frame-support";

const session = sessionPerFile();
const DOCUMENT = "lamp-specs.pdf";
const LAST_QUESTION = "What do the specs say about the lamp?";

/** Two exchanges (taller than a screen), then a question whose answer has sources of one kind. */
async function longChat(kind: "documents" | "web"): Promise<number> {
  const model = kind === "web" ? "test-web" : "test";
  const chatId = await startLongChat(session, model);
  let attachmentIds: string[] = [];
  if (kind === "documents") {
    const pdf = makePdf([["The lamp draws 40 watts."], ["The lamp weighs two kilograms."]]);
    const uploaded = await session.context.request.post(`${appUrl()}/api/attachments/upload`, {
      headers: { Origin: appUrl() },
      multipart: { file: { name: DOCUMENT, mimeType: "application/pdf", buffer: Buffer.from(pdf) } },
    });
    expect(uploaded.status()).toBe(201);
    attachmentIds = [((await uploaded.json()) as { id: string }).id];
  }
  await ask(session, { model, content: LAST_QUESTION, attachmentIds }, chatId);
  return chatId;
}
const chatWith = madeOnce(longChat);

/**
 * The newest answer in the frame or in the app: the boxes (px) of its question's bubble, its header, its sources
 * blocks and each of their chips (with how a chip looks), and its text; and the blocks' words.
 */
const newestAnswer = (page: Page, root: string) =>
  page.evaluate((root) => {
    const answers = document.querySelectorAll(`${root} article.message.model`);
    const answer = answers[answers.length - 1];
    const bubbles = document.querySelectorAll(`${root} .user-bubble`);
    const box = (el: Element | null | undefined) => {
      const r = el?.getBoundingClientRect();
      return r ? [r.left, r.top, r.width, r.height].map((n) => Math.round(n)) : null;
    };
    const blocks = [...(answer?.querySelectorAll(".search-status") ?? [])];
    const chips = [...(answer?.querySelectorAll(".search-sources > li > *") ?? [])];
    const look = (el: Element) => {
      const s = getComputedStyle(el);
      return [s.color, s.backgroundColor, s.borderTopColor, s.fontSize, s.textDecorationLine].join(" ");
    };
    return {
      places: [
        bubbles[bubbles.length - 1],
        answer?.querySelector(".message-header"),
        answer?.querySelector(".markdown"),
      ].map(box),
      blocks: blocks.map(box),
      chips: chips.map(box),
      looks: chips.map(look),
      words: blocks.map((b) => (b.textContent ?? "").replace(/\s+/g, " ").trim()),
      long:
        (document.querySelector("#boot-shell .boot-messages")?.scrollHeight ?? 0) >
        (document.querySelector("#boot-shell .boot-chat")?.clientHeight ?? Infinity),
    };
  }, root);

const distance = (a: (number[] | null)[], b: (number[] | null)[]) =>
  Math.max(
    ...a.flatMap((box, i) => (box ?? [Number.NaN]).map((n, j) => Math.abs(n - (b[i]?.[j] ?? Number.NaN)))),
  );

describe("an answer's sources in an open chat's first frame", () => {
  it.each(
    onDevices([
      { kind: "documents", heading: "From your documents" },
      { kind: "web", heading: "Sources" },
    ] as const),
  )(
    "are drawn as the app draws them ($kind), so nothing moves at the handover, on $device",
    async ({ kind, heading, viewport }) => {
      const chatId = await chatWith(kind);
      const { page, problems, scripts } = await openHeldFrame(session, chatId, viewport);
      await page.locator("#boot-shell[data-chat] article.message.model .markdown").last().waitFor();
      const inFrame = await newestAnswer(page, "#boot-shell");
      // A chat taller than the screen: shown from its end, as the app shows it.
      expect(inFrame.long).toBe(true);
      const edges = await watchNewestAnswer(page);

      await handOver(page, scripts);
      await page.locator("#root article.message.model .search-status").last().waitFor();
      await page.locator("#root article.message.model .md-block").last().waitFor();
      const inApp = await newestAnswer(page, "#root");
      // Its header's top on every frame painted: the frame's, then the app's.
      const seen = (await edges()).map(([top = Number.NaN]) => top);
      const boxesSeen = `frame ${JSON.stringify(inFrame)}, app ${JSON.stringify(inApp)}`;
      // The question, the answer's header and its text stay where the frame showed them…
      expect(distance(inApp.places, inFrame.places), boxesSeen).toBeLessThanOrEqual(1);
      // …as on every frame painted between.
      const frameTop = inFrame.places[1]?.[1] ?? Number.NaN;
      expect(seen.length).toBeGreaterThan(0);
      expect(Math.max(...seen.map((top) => Math.abs(top - frameTop))), seen.join(" ")).toBeLessThanOrEqual(1);
      // The frame drew the block, its chips and their words as the app does, in the same places and looks.
      expect(inApp.words[0]).toContain(heading);
      expect(inFrame.words).toEqual(inApp.words);
      expect(inFrame.looks).toEqual(inApp.looks);
      expect(inFrame.blocks.length).toBe(inApp.blocks.length);
      expect(distance(inApp.blocks, inFrame.blocks), boxesSeen).toBeLessThanOrEqual(1);
      expect(inFrame.chips.length).toBe(inApp.chips.length);
      expect(distance(inApp.chips, inFrame.chips), boxesSeen).toBeLessThanOrEqual(1);
      expect(problems).toEqual([]);
      await page.close();
    },
  );

  it("names the documents' block and their pages in the reader's language", async () => {
    const chatId = await chatWith("documents");
    const { page, scripts } = await openHeld(session, `/fr/app/a/default/c/${chatId}`);
    const block = page.locator("#boot-shell[data-chat] article.message.model .documents-status").last();
    await poll(() => block.textContent()).toContain("D'après vos documents");
    // Each chip read with its pages, as the app's list is.
    await expect(block.getByRole("list", { name: "D'après vos documents" }).ariaSnapshot()).resolves.toMatch(
      new RegExp(`- listitem: ${DOCUMENT.replace(".", "\\.")} ?, p\\. \\d`),
    );
    expect(scripts.held()).toBeGreaterThan(0);
    await page.close();
  });
});
