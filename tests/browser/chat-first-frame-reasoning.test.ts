// Journey: an answer from a reasoning model shows its folded "Thought process" above its text, and a stopped
// answer its "Generation Stopped" under it, in the open chat's first frame (src/sharing/chat-shell-message.ts) as
// in the app, in the reader's language: a long chat is shown from its end, and a part the frame left out moved
// everything above it at the handover (a short one, everything under it), on a phone as on a computer.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { appUrl, poll, sessionPerFile } from "./chat-support";
import {
  ask,
  distance,
  handOver,
  madeOnce,
  onDevices,
  openHeld,
  openHeldFrame,
  send,
  startLongChat,
  watchNewestAnswer,
} from "./first-frame-support";

const session = sessionPerFile();
const MODEL = "test-reasoning";

/**
 * A question whose answer the reader stops once its text has begun (the test model then waits: `[[hang]]`), or
 * while it is still thinking (slowed down: `[[slow]]`), read from the live stream as the app reads it.
 */
async function askAndStop(content: string, chatId?: number, whileThinking = false): Promise<number> {
  const question = `${whileThinking ? "[[slow]]" : "[[hang]]"} ${content}`;
  const { chatId: id } = await send(session, { model: MODEL, content: question }, chatId);
  // A page of the app's own (the API's answers forbid fetching from them).
  if (!session.page.url().startsWith(appUrl())) await session.page.goto(`${appUrl()}/app/a/default`);
  await session.page.evaluate(
    async ({ id, until }) => {
      const reader = (await fetch(`/api/chat/${id}/stream`)).body?.getReader();
      const decoder = new TextDecoder();
      let seen = "";
      let stopped = false;
      for (let part = await reader?.read(); part && !part.done; part = await reader?.read()) {
        seen += decoder.decode(part.value, { stream: true });
        if (stopped || !seen.includes(until)) continue;
        stopped = true;
        const stop = await fetch("/api/chat/stop", {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-Switchboard-Request": "1" },
          body: JSON.stringify({ chatId: id }),
        });
        if (!stop.ok) throw new Error(`stop: ${stop.status} ${await stop.text()}`);
      }
    },
    { id, until: whileThinking ? "event: reasoning" : "event: text" },
  );
  return id;
}

/** Answered to its end, stopped once its text had begun, stopped while it was still thinking. */
type Kind = "finished" | "stopped" | "thinking";
type Length = "long" | "short";

/** A short chat is one exchange, shown from the top; a long one, three, taller than a screen, from its end. */
async function makeChat(kind: Kind, length: Length): Promise<number> {
  const last = (content: string, chatId?: number) =>
    kind === "finished"
      ? ask(session, { model: MODEL, content }, chatId)
      : askAndStop(content, chatId, kind === "thinking");
  if (length === "short") return last("How do lamps work?");
  return last("Which one should I buy?", await startLongChat(session, MODEL));
}
const chatOf = madeOnce(makeChat);

/**
 * The newest answer in the frame or in the app: the boxes (px) of its question's bubble, its header, its folded
 * reasoning and its summary, its text, its notice, its footer and its own; the reasoning's and the notice's words
 * and looks.
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
    const thinking = answer?.querySelector(".thinking-block");
    const notice = answer?.querySelector(".message-notice");
    const look = (el: Element | null | undefined) => {
      if (!el) return null;
      const s = getComputedStyle(el);
      return [s.color, s.backgroundColor, s.borderLeftColor, s.fontSize, s.fontWeight].join(" ");
    };
    return {
      places: [
        bubbles[bubbles.length - 1],
        answer?.querySelector(".message-header"),
        thinking,
        thinking?.querySelector("summary"),
        answer?.querySelector(":scope > .markdown"),
        notice,
        answer?.querySelector(".message-footer"),
        answer,
      ].map(box),
      words: [thinking?.querySelector("summary"), notice].map((el) => el?.textContent?.trim() ?? null),
      looks: [thinking, thinking?.querySelector("summary"), notice].map(look),
      open: thinking ? (thinking as HTMLDetailsElement).open : null,
      long:
        (document.querySelector("#boot-shell .boot-messages")?.scrollHeight ?? 0) >
        (document.querySelector("#boot-shell .boot-chat")?.clientHeight ?? Infinity),
    };
  }, root);

/** The newest answer's header's top and its bottom (px): what a part the frame left out moves. */
const edges = (places: (number[] | null)[]): [number, number] => {
  const [, header] = places;
  const answer = places[places.length - 1];
  return [header?.[1] ?? Number.NaN, answer ? (answer[1] ?? 0) + (answer[3] ?? 0) : Number.NaN];
};

describe("a reasoning model's answer in an open chat's first frame", () => {
  const finished = { kind: "finished", what: "answered to its end" } as const;
  const stopped = { kind: "stopped", what: "stopped as it wrote" } as const;
  const thinking = { kind: "thinking", what: "stopped as it thought" } as const;
  it.each(
    onDevices([
      { ...finished, length: "long" },
      { ...stopped, length: "long" },
      { ...stopped, length: "short" },
      { ...thinking, length: "short" },
    ] as const),
  )(
    "is drawn with its parts as the app draws it ($what), so nothing moves at the handover: a $length chat on $device",
    async ({ kind, length, viewport }) => {
      const chatId = await chatOf(kind, length);
      const { page, problems, scripts } = await openHeldFrame(session, chatId, viewport);
      const inFrame = await newestAnswer(page, "#boot-shell");
      expect(inFrame.long).toBe(length === "long");
      const tops = await watchNewestAnswer(page);

      await handOver(page, scripts);
      await page.locator("#root article.message.model").last().locator(".md-block").last().waitFor();
      const inApp = await newestAnswer(page, "#root");
      const seen = await tops();
      const boxesSeen = `frame ${JSON.stringify(inFrame)}, app ${JSON.stringify(inApp)}`;
      // The app folds the reasoning and names it, and tells a stopped answer (even one stopped as it thought).
      expect(inApp.words, boxesSeen).toEqual([
        "Thought process",
        kind === "finished" ? null : "Generation Stopped",
      ]);
      expect(inApp.open).toBe(false);
      // The frame draws them with the same words and looks, in the same places: nothing moves…
      expect(inFrame.words).toEqual(inApp.words);
      expect(inFrame.looks).toEqual(inApp.looks);
      expect(inFrame.open).toBe(false);
      expect(distance(inApp.places, inFrame.places), boxesSeen).toBeLessThanOrEqual(1);
      // …nor on any frame painted between.
      const [header, bottom] = edges(inFrame.places);
      expect(seen.length).toBeGreaterThan(0);
      const moved = Math.max(
        ...seen.map(([top = Number.NaN, end = Number.NaN]) =>
          Math.max(Math.abs(top - header), Math.abs(end - bottom)),
        ),
      );
      expect(moved, JSON.stringify(seen)).toBeLessThanOrEqual(1);
      expect(problems).toEqual([]);
      await page.close();
    },
  );

  it("names the folded reasoning and the stopped answer in the reader's language", async () => {
    const chatId = await chatOf("stopped", "short");
    const { page, scripts } = await openHeld(session, `/fr/app/a/default/c/${chatId}`);
    const answer = page.locator("#boot-shell[data-chat] article.message.model").last();
    await poll(() => answer.locator(".thinking-block summary").textContent()).toBe("Raisonnement");
    await poll(() => answer.locator(".message-notice").textContent()).toBe("Génération arrêtée");
    expect(scripts.held()).toBeGreaterThan(0);
    await page.close();
  });
});
