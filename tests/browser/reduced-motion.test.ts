// What moves for someone who asked their system for less motion (prefers-reduced-motion): the page-loading
// spinner stops turning and a notice's countdown bar stops shrinking; without that wish both still move.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser";
import { poll } from "./chat-support";
import { showComponents } from "./component-page";

/** The loading spinner and the notification host, their stylesheets applied, `notify` on `window`. */
const SCREEN = `
  import { createElement, Fragment } from "react";
  import { createRoot } from "react-dom/client";
  import hostCss from "@/client/state/notification-host.css?inline";
  import loadingCss from "@/client/components/page-loading.css?inline";
  import { NotificationHost } from "@/client/state/notification-host";
  import { PageLoading } from "@/client/components/page-loading";
  import { notify } from "@/client/state/notifications";
  import { installEngine } from "@/client/i18n";
  installEngine({ locale: "en", has: () => true, load: async () => {}, translate: (_, key) => key, switchTo: async () => {} });
  const style = document.createElement("style");
  style.textContent = hostCss + loadingCss;
  document.head.append(style);
  window.notify = notify;
  createRoot(document.getElementById("root")).render(
    createElement(Fragment, null, createElement(PageLoading), createElement(NotificationHost)),
  );
`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The CSS animations running on the page once a notice with a timeout shows beside the spinner. */
async function animationsWith(reducedMotion: "reduce" | "no-preference"): Promise<string[]> {
  const page: Page = await browser.newPage({ reducedMotion });
  try {
    await showComponents(page, SCREEN);
    await poll(() => page.evaluate(() => "notify" in window)).toBe(true);
    await page.evaluate(() => {
      (window as unknown as { notify: (n: { title: string; timeout: number }) => void }).notify({
        title: "Order saved",
        timeout: 60_000,
      });
    });
    await page.locator(".toast").waitFor();
    return await page.evaluate(() =>
      document
        .getAnimations()
        .filter((animation) => animation.playState === "running")
        .map((animation) => (animation as CSSAnimation).animationName)
        .sort(),
    );
  } finally {
    await page.close();
  }
}

describe("animations", () => {
  it("turn the spinner and shrink a notice's countdown bar without a wish for less motion", async () => {
    const running = await animationsWith("no-preference");
    expect(running).toContain("spin");
    expect(running).toContain("toast-time");
  });

  it("stop both for someone who asked for less motion; the spinner still fades in", async () => {
    const running = await animationsWith("reduce");
    expect(running).not.toContain("spin");
    expect(running).not.toContain("toast-time");
    expect(running.filter((name) => name !== "appear")).toEqual([]);
  });
});

describe("the page-loading status", () => {
  it("says nothing during a fast load, then the loading text for a screen reader as the spinner shows", async () => {
    const page: Page = await browser.newPage();
    try {
      await showComponents(page, SCREEN);
      const status = page.locator(".page-loading[role=status]");
      await status.waitFor();
      expect(await status.textContent()).toBe("");
      // The component page's texts are their keys.
      await poll(() => status.textContent()).toBe("loading");
    } finally {
      await page.close();
    }
  });
});
