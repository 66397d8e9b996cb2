// A notice bounds what someone typed into its title, whatever its caller did with it: cut with "…" after a few
// lines (more in the narrow column of the account pages), whole on hover; a title of ours is never cut; a name
// it marks stays on one line, cut with "…" to the notice's width, and its tooltip says the name whole.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser";
import { poll } from "./chat-support";
import { showComponents } from "./component-page";

/** The notification host alone, its stylesheet applied, `notify` on `window` for the test to call. */
const HOST = `
  import { createElement } from "react";
  import { createRoot } from "react-dom/client";
  import css from "@/client/state/notification-host.css?inline";
  import { NotificationHost } from "@/client/state/notification-host";
  import { noticeName, notify } from "@/client/state/notifications";
  import { installEngine } from "@/client/i18n";
  installEngine({ locale: "en", has: () => true, load: async () => {}, translate: (_, key) => key, switchTo: async () => {} });
  const style = document.createElement("style");
  style.textContent = "body { font: 16px/1.5 sans-serif; margin: 0 }" + css;
  document.head.append(style);
  window.notify = notify;
  window.noticeName = noticeName;
  createRoot(document.getElementById("root")).render(createElement(NotificationHost));
`;

/** An address of 200 characters, one unbroken word, as a team's notice "You're now in …'s team." would name it. */
const ADDRESS = `${"n".repeat(180)}@example.test`.padStart(200, "o");

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function hostPage(width: number, height: number, accountPages = false): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height } });
  await showComponents(page, HOST);
  // The account pages' layout puts the notices in their navigation's column (notification-host.css).
  if (accountPages)
    await page.evaluate(() =>
      document.body.append(Object.assign(document.createElement("div"), { className: "connected" })),
    );
  return page;
}

/** Shows a notice that waits to be closed, and measures its title. */
async function titleOf(page: Page, title: string) {
  await poll(() => page.evaluate(() => "notify" in window)).toBe(true);
  await page.evaluate((text) => {
    (window as unknown as { notify: (n: { title: string; timeout: number }) => void }).notify({
      title: text,
      timeout: 0,
    });
  }, title);
  const heading = page.locator(".toast-title").filter({ hasText: title.slice(0, 20) });
  await heading.waitFor();
  // The tooltip is set once the title is laid out.
  await page.waitForTimeout(100);
  return heading.evaluate((element) => ({
    lines: Math.round(element.clientHeight / Number.parseFloat(getComputedStyle(element).lineHeight)),
    cut: element.scrollHeight > element.clientHeight + 1,
    tooltip: element.getAttribute("title"),
  }));
}

describe("a notice's title", () => {
  it.each([
    ["on a computer", 1280, 800, false, 5],
    ["on a phone", 390, 844, false, 5],
    ["in the account pages' column", 1280, 800, true, 12],
  ])(
    "holding a 200-character address is cut after a few lines %s, whole on hover",
    async (_, width, height, accountPages, most) => {
      const page = await hostPage(width, height, accountPages);
      try {
        const long = `You're now in ${ADDRESS}'s team.`;
        expect(await titleOf(page, long)).toEqual({ lines: most, cut: true, tooltip: long });
        const short = "Order saved";
        expect(await titleOf(page, short)).toEqual({ lines: 1, cut: false, tooltip: null });
      } finally {
        await page.close();
      }
    },
  );
});

describe("a name in a notice's title", () => {
  // QA's: one word of 40 characters once shortened, broken over 5 lines of a phone's notice, a lone "n…" among them.
  const typed = "Rechtsschutzversicherungsgesellschaftenberatungsassistent Donaudampfschifffahrt";

  /** Shows a notice naming `whole` (shortened in its title, as callers write it) and measures its title. */
  async function showNamed(page: Page, sentence: (name: string) => string, whole = typed) {
    await poll(() => page.evaluate(() => "notify" in window)).toBe(true);
    const name = await page.evaluate(
      (text) => (window as unknown as { noticeName: (name: string) => string }).noticeName(text),
      whole,
    );
    expect([...name].length).toBe(40);
    const title = sentence(name);
    await page.evaluate(
      ({ text, whole }) => {
        (
          window as unknown as {
            notify: (n: { title: string; name: string; icon: string; timeout: number }) => void;
          }
        ).notify({ title: text, name: whole, icon: "check", timeout: 0 });
      },
      { text: title, whole },
    );
    const heading = page.locator(".toast-title");
    await heading.waitFor();
    // The tooltip is set once the title is laid out.
    await page.waitForTimeout(100);
    const shown = await heading.evaluate((element) => {
      const lineHeight = Number.parseFloat(getComputedStyle(element).lineHeight);
      const named = element.querySelector<HTMLElement>(".toast-name");
      const style = named && getComputedStyle(named);
      return {
        lines: Math.round(element.clientHeight / lineHeight),
        clamped: element.scrollHeight > element.clientHeight + 1,
        text: element.textContent,
        tooltip: element.getAttribute("title"),
        name: named && {
          text: named.textContent,
          lines: Math.round(named.getBoundingClientRect().height / lineHeight),
          ellipsis: style?.textOverflow,
          cut: named.scrollWidth > named.clientWidth,
          within: named.getBoundingClientRect().right <= element.getBoundingClientRect().right + 0.5,
        },
      };
    });
    return { name, title, shown };
  }

  it.each([
    ["before the rest of the sentence", (name: string) => `${name} gespeichert`],
    ["after the start of the sentence", (name: string) => `Verschoben nach ${name}`],
  ])(
    "stays on one line on a phone, cut with … to its width, %s, whole in its tooltip",
    async (_, sentence) => {
      const page = await hostPage(390, 844);
      try {
        const { name, title, shown } = await showNamed(page, sentence);
        expect(shown.lines).toBeLessThanOrEqual(2);
        // The whole sentence is there (a screen reader hears it once), the rest after the name not clamped away;
        // on hover it says the name whole, not as the title shortened it.
        expect(shown).toEqual({
          lines: shown.lines,
          clamped: false,
          text: title,
          tooltip: sentence(typed),
          name: { text: name, lines: 1, ellipsis: "ellipsis", cut: true, within: true },
        });
      } finally {
        await page.close();
      }
    },
  );

  it("shortened to its 40 characters but not cut to the notice's width, says it whole in its tooltip", async () => {
    const page = await hostPage(1280, 800);
    // Narrow letters: its first 40 characters fit the notice's line.
    const slim = "Illustrated list of little Italian lilies in July, with their titles";
    try {
      const sentence = (name: string) => `${name} saved`;
      const { name, title, shown } = await showNamed(page, sentence, slim);
      expect(shown).toEqual({
        lines: shown.lines,
        clamped: false,
        text: title,
        tooltip: sentence(slim),
        name: { text: name, lines: 1, ellipsis: "ellipsis", cut: false, within: true },
      });
    } finally {
      await page.close();
    }
  });
});
