// Journey: copying from a rendered answer puts a cleaned copy on the clipboard, as HTML and as plain text —
// no buttons, no thinking, no web-search status — while a copy inside the composer stays plain text.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser";
import {
  appUrl,
  type ChatSession,
  composer,
  lastAnswer,
  openSession,
  send,
  waitForAnswer,
} from "./chat-support";

let browser: Browser;
let session: ChatSession;
beforeAll(async () => {
  browser = await launchBrowser();
  session = await openSession(browser, { permissions: ["clipboard-read", "clipboard-write"] });
});
afterAll(async () => {
  await session?.context.close();
  await browser?.close();
});

async function pickModel(page: Page, label: string) {
  await page.getByRole("button", { name: /^Model:/ }).click();
  await page.getByRole("option", { name: new RegExp(`^${label}`) }).click();
}

/** Selects the whole last answer, as a reader dragging over it would, and copies with the keyboard. */
async function copyLastAnswer(page: Page): Promise<{ types: string[]; html: string; text: string }> {
  // The reader clicks into the answer (leaving the composer), then selects all of it.
  // The answer's own text: the folded reasoning above it is markdown too.
  await lastAnswer(page).locator(":scope > .markdown p").first().click();
  await lastAnswer(page).evaluate((article) => {
    const range = document.createRange();
    range.selectNodeContents(article);
    const selection = document.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
  });
  await page.keyboard.press("Control+C");
  return readClipboard(page);
}

function readClipboard(page: Page): Promise<{ types: string[]; html: string; text: string }> {
  return page.evaluate(async () => {
    const [item] = await navigator.clipboard.read();
    if (!item) return { types: [], html: "", text: "" };
    const read = async (type: string) => (item.types.includes(type) ? (await item.getType(type)).text() : "");
    return { types: [...item.types], html: await read("text/html"), text: await read("text/plain") };
  });
}

describe("copy handling", () => {
  it("leaves thinking, buttons and background colours out of a copied answer, and keeps math as TeX", async () => {
    const { page } = session;
    await page.goto(`${appUrl()}/app/a/default`);
    await pickModel(page, "Test Reasoning");
    await send(page, "Please copy this carefully");
    const answer = await waitForAnswer(page);
    await answer.locator(".thinking-block").waitFor();
    await answer.locator(".katex").first().waitFor();
    await answer.locator(".hljs-keyword").first().waitFor();

    const copied = await copyLastAnswer(page);
    expect(copied.types.sort()).toEqual(["text/html", "text/plain"]);
    expect(copied.html).toContain("<table");
    expect(copied.html).toContain("Longest word");
    expect(copied.html).toContain("<math");
    for (const gone of [
      "<button",
      "Copy code",
      "Thought process",
      "I should answer with a heading",
      "background",
    ]) {
      expect(copied.html, gone).not.toContain(gone);
    }
    expect(copied.text).toContain("Longest word");
    expect(copied.text).toContain("$n = 4$");
    expect(copied.text).toContain("function reply(input: string): string {");
    for (const gone of ["Copy code", "Thought process", "I should answer with a heading", "Copy"]) {
      expect(copied.text, gone).not.toContain(gone);
    }
  });

  it("leaves the web-search status out", async () => {
    const { page } = session;
    await pickModel(page, "Test Web");
    await send(page, "Search for something");
    const answer = await waitForAnswer(page);
    await answer.locator(".search-status", { hasText: "An example article" }).waitFor();
    const copied = await copyLastAnswer(page);
    expect(copied.text).toContain("Longest word");
    expect(copied.html).not.toContain("An example article");
    expect(copied.text).not.toContain("An example article");
  });

  it("copies a whole answer with its Copy button, and says so to a screen reader too", async () => {
    const { page } = session;
    const answer = lastAnswer(page);
    await answer.getByRole("button", { name: "Copy", exact: true }).click();
    await expect.poll(() => readClipboard(page).then((c) => c.text)).toContain("Longest word");
    await answer.getByRole("button", { name: "Copied", exact: true }).waitFor();
    expect(await answer.getByRole("status").filter({ hasText: "Copied" }).count()).toBe(1);
  });

  it("copies plain text only from the composer", async () => {
    const { page } = session;
    await composer(page).fill("Just **plain** words");
    await composer(page).focus();
    await page.keyboard.press("Control+A");
    await page.keyboard.press("Control+C");
    const copied = await readClipboard(page);
    expect(copied.types).toEqual(["text/plain"]);
    expect(copied.text).toBe("Just **plain** words");
  });
});
