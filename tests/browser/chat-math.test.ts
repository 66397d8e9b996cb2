// Journey: math in an answer stays inside its message — a negative kern cannot draw outside the box, and a
// huge rule or a deep raise cannot make the message huge.
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { appUrl, lastAnswer, send, sessionPerFile } from "./chat-support";

const session = sessionPerFile();
let chatId = 0;
beforeAll(async () => {
  const { page } = session;
  await page.goto(`${appUrl()}/app/a/default`);
  const created = page.waitForResponse((r) => r.url().endsWith("/api/chat/new"));
  await send(page, "Some math, please.");
  // The answer itself does not matter: each test shows the chat with its last answer replaced.
  chatId = ((await (await created).json()) as { chat: { id: number } }).chat.id;
});

/** Opens the chat with its last answer replaced by `content`, and waits for KaTeX to typeset it. */
async function showAnswer(content: string): Promise<{ page: Page; answer: Locator }> {
  const page = await session.context.newPage();
  await page.route(new RegExp(`/api/chat/${chatId}(\\?.*)?$`), async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { messages: { content: string; metadata: object }[] };
    const last = body.messages.at(-1);
    if (last) {
      last.content = content;
      last.metadata = { role: "assistant", done: true, outcome: "done" };
    }
    await route.fulfill({ response, json: body });
  });
  await page.goto(`${appUrl()}/app/a/default/c/${chatId}`);
  const answer = lastAnswer(page);
  // Attached, not visible: a formula pushed wholly out of its box is what some tests are about.
  await answer.locator(".katex").first().waitFor({ state: "attached", timeout: 20_000 });
  return { page, answer };
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Where each element in the math is painted, cut by the boxes of its ancestors within the message that
 * clip (the chat's own scrolling panes are not the message's doing). */
async function paintedBoxes(math: Locator): Promise<Box[]> {
  return math.evaluate((root) => {
    const clipped = (el: Element) => {
      const r = el.getBoundingClientRect();
      let box = { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
      for (let a = el.parentElement; a && a.tagName !== "ARTICLE"; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.overflowX === "visible" && style.overflowY === "visible") continue;
        const c = a.getBoundingClientRect();
        box = {
          left: Math.max(box.left, c.left),
          top: Math.max(box.top, c.top),
          right: Math.min(box.right, c.right),
          bottom: Math.min(box.bottom, c.bottom),
        };
      }
      return box;
    };
    return [...root.querySelectorAll(".katex-html *")]
      .map(clipped)
      .filter((b) => b.right > b.left && b.bottom > b.top);
  });
}

describe("math in an answer", () => {
  it("a negative kern stays inside its message box, and the page does not scroll sideways", async () => {
    const { page, answer } = await showAnswer("Before $\\kern{-40em}x$ after.");
    const message = await answer.locator(".markdown").boundingBox();
    if (!message) throw new Error("the answer is not on screen");
    for (const box of await paintedBoxes(answer.locator(".katex").first())) {
      expect(box.left).toBeGreaterThanOrEqual(message.x - 1);
      expect(box.right).toBeLessThanOrEqual(message.x + message.width + 1);
    }
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
    await page.close();
  });

  it.each([
    ["an inline rule of 5000em", "Look: $\\rule{5000em}{5000em}$ done."],
    ["a display rule of 5000em", "$$\\rule{5000em}{5000em}$$"],
    ["an inline raise of -200em", "Look: $\\raisebox{-200em}{x}$ done."],
  ])("%s does not make the message huge", async (_label, content) => {
    const { page, answer } = await showAnswer(content);
    const message = await answer.boundingBox();
    if (!message) throw new Error("the answer is not on screen");
    expect(message.height).toBeLessThan(700);
    const column = await page.locator("main").boundingBox();
    expect(message.width).toBeLessThanOrEqual((column?.width ?? 2000) + 1);
    await page.close();
  });

  it("ordinary math still sits on the line and shows whole", async () => {
    const { page, answer } = await showAnswer(
      "So $\\frac{a^2}{b_1} + \\sqrt{x}$ holds, and $$\\int_0^1 x\\,dx$$",
    );
    const inline = answer.locator(".katex").first();
    const text = await inline.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const paragraph = (el.closest("p") as HTMLElement).getBoundingClientRect();
      return {
        box: { top: box.top, bottom: box.bottom },
        line: { top: paragraph.top, bottom: paragraph.bottom },
      };
    });
    expect(text.box.top).toBeGreaterThanOrEqual(text.line.top - 1);
    expect(text.box.bottom).toBeLessThanOrEqual(text.line.bottom + 1);
    // Nothing of a normal formula is cut or moved: as KaTeX lays it out on its own (inline, nothing
    // clipped), the message looks exactly the same.
    const clipped = await answer.screenshot();
    await page.addStyleTag({
      content: [
        ".markdown .katex, .markdown .katex-display { overflow: visible !important; max-height: none !important; }",
        ".markdown :not(.katex-display) > .katex { display: inline !important; }",
      ].join("\n"),
    });
    const unclipped = await answer.screenshot();
    expect(Buffer.compare(clipped, unclipped)).toBe(0);
    await page.close();
  });
});
