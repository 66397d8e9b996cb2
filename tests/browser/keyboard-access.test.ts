// Keyboard and screen-reader access on a 390 px phone: the chat screen's drawer is a modal (focus in, the chat
// behind inert, focus back on close), the account header's icon-only link keeps its name, the account
// navigation marks Assistants current on its sub-pages, and the tab rows answer the arrow keys. Also a wide
// screen's sidebar folded and unfolded from the keyboard, and two model-order editors' tabs kept apart.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser";
import { appUrl, composer, poll, signIn } from "./chat-support";
import { showComponents } from "./component-page";
import { borderContrastOf } from "./contrast";
import { givePlan, signUpFresh } from "./session";

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await signIn(context);
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** Where focus is: in the drawer, in the chat column behind it, or elsewhere. */
const focusIn = (p: Page) =>
  p.evaluate(() => {
    const active = document.activeElement;
    if (document.querySelector("aside.sidebar")?.contains(active)) return "drawer";
    if (document.querySelector(".chat-column")?.contains(active)) return "chat";
    return active?.className || active?.tagName;
  });

const focusedName = (p: Page) =>
  p.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent);

describe("the chat screen's drawer on a phone", () => {
  it("takes focus, keeps Tab inside it, closes with Escape and gives focus back to its button", async () => {
    await page.goto(`${appUrl()}/app/a/default`);
    await composer(page).waitFor();
    const toggle = page.getByRole("button", { name: "Open the sidebar" });
    await toggle.focus();
    await page.keyboard.press("Enter");
    await poll(() => focusIn(page)).toBe("drawer");
    // Forward and back, focus never reaches the chat behind the backdrop.
    const seen = new Set<string | undefined>();
    for (const key of [...Array(8).fill("Tab"), ...Array(12).fill("Shift+Tab")]) {
      await page.keyboard.press(key);
      seen.add(await focusIn(page));
    }
    expect(seen.has("chat")).toBe(false);
    await page.keyboard.press("Escape");
    await poll(() => focusedName(page)).toBe("Open the sidebar");
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
  });

  it("leaves a wide screen's sidebar beside the chat, nothing made inert", async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    try {
      await page.getByRole("button", { name: "Close the sidebar" }).first().click();
      await page.getByRole("button", { name: "Open the sidebar" }).click();
      await page.locator("aside.sidebar").waitFor();
      await composer(page).focus();
      expect(await focusIn(page)).toBe("chat");
    } finally {
      await page.setViewportSize({ width: 390, height: 844 });
    }
  });

  it("on a wide screen, folds and unfolds from the keyboard, the focus on the button that undoes it", async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    try {
      await page.goto(`${appUrl()}/app/a/default`);
      await composer(page).waitFor();
      const fold = page.locator("aside.sidebar").getByRole("button", { name: "Close the sidebar" });
      await fold.focus();
      await page.keyboard.press("Enter");
      await page.locator("aside.sidebar").waitFor({ state: "hidden" });
      await poll(() => focusedName(page)).toBe("Open the sidebar");
      await page.keyboard.press("Enter");
      await fold.waitFor();
      await poll(() => focusedName(page)).toBe("Close the sidebar");
      expect(await focusIn(page)).toBe("drawer");
    } finally {
      await page.setViewportSize({ width: 390, height: 844 });
    }
  });
});

/** Two model-order editors on one page (the user's and an assistant's, say); the keys stand in for the texts. */
const TWO_MODEL_ORDERS = `
  import { createElement, Fragment } from "react";
  import { createRoot } from "react-dom/client";
  import { ModelsOrderEditor } from "@/client/components/models-order";
  import { installEngine } from "@/client/i18n";
  import { defaultModelsConfiguration } from "@/src/domain/models";
  installEngine({ locale: "en", has: () => true, load: async () => {}, translate: (_, key) => key, switchTo: async () => {} });
  const editor = () => createElement(ModelsOrderEditor, { configuration: defaultModelsConfiguration(), onChange() {} });
  createRoot(document.getElementById("root")).render(createElement(Fragment, null, editor(), editor()));
`;

describe("the message field's focus", () => {
  it("shows on the composer's box at 3:1 or more against the page, light and dark", async () => {
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`${appUrl()}/app/a/default`);
      await composer(page).focus();
      const box = page.locator(".composer-box");
      await poll(() => borderContrastOf(box)).toBeGreaterThanOrEqual(3);
    }
    await page.emulateMedia({ colorScheme: null });
  });
});

describe("the model order's tabs", () => {
  it("are each editor's own: with two on a page, each tab controls its own panel, labelled by its own tab", async () => {
    const alone = await context.newPage();
    try {
      await showComponents(alone, TWO_MODEL_ORDERS);
      const lists = alone.getByRole("tablist");
      await poll(() => lists.count()).toBe(2);
      // The second editor on another category than the first.
      await lists.nth(1).getByRole("tab").nth(1).click();
      const found = await alone.evaluate(() => {
        const byId = (id: string | null) => (id ? document.getElementById(id) : null);
        const ids = [...document.querySelectorAll("[id]")].map((element) => element.id);
        const editors = [...document.querySelectorAll(".models-order")].map((editor) => {
          const tabs = [...editor.querySelectorAll('[role="tab"]')];
          const panel = editor.querySelector('[role="tabpanel"]');
          const label = byId(panel?.getAttribute("aria-labelledby") ?? null);
          return {
            controlsOwnPanel: tabs.every((tab) => byId(tab.getAttribute("aria-controls")) === panel),
            labelledByOwnSelectedTab: tabs.includes(label as Element) && label?.ariaSelected === "true",
          };
        });
        return { repeatedIds: ids.filter((id, index) => ids.indexOf(id) !== index), editors };
      });
      expect(found).toEqual({
        repeatedIds: [],
        editors: [
          { controlsOwnPanel: true, labelledByOwnSelectedTab: true },
          { controlsOwnPanel: true, labelledByOwnSelectedTab: true },
        ],
      });
    } finally {
      await alone.close();
    }
  });
});

describe("the account pages on a phone", () => {
  it("name the icon-only Back to chat link", async () => {
    await page.goto(`${appUrl()}/app/account/settings`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await poll(() => page.getByRole("link", { name: "Back to chat" }).count()).toBe(1);
  });

  it("mark Assistants as the current page on its sub-pages, Settings only on its own", async () => {
    const nav = page.getByRole("navigation", { name: "Account", exact: true });
    const current = () => nav.locator('[aria-current="page"]').allTextContents();
    await page.goto(`${appUrl()}/app/assistants/new`);
    await page.getByRole("heading", { name: "New assistant" }).waitFor();
    await poll(current).toEqual(["Assistants"]);
    await page.goto(`${appUrl()}/app/account/settings/team`);
    await poll(current).toEqual(["Team"]);
  });
});

describe("the skip link", () => {
  it.each([
    ["an account page", "/app/account/settings"],
    ["the chat screen", "/app/a/default"],
    ["a public page", "/pricing"],
  ])(
    "on %s moves the focus into the main region, with no ring around it, and Tab goes on from there",
    async (_, path) => {
      await page.goto(`${appUrl()}${path}`);
      await page.locator("#main").waitFor();
      const skip = page.getByRole("link", { name: "Skip to content" });
      await skip.focus();
      await skip.press("Enter");
      await poll(() => page.evaluate(() => document.activeElement?.id)).toBe("main");
      // A landmark, not a control: no focus ring around the whole screen.
      expect(
        await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle),
      ).toBe("none");
      // The next Tab stop is in the content, and the region is no click target once left.
      await page.keyboard.press("Tab");
      expect(
        await page.evaluate(() => {
          const main = document.getElementById("main");
          return [
            main?.contains(document.activeElement) && document.activeElement !== main,
            main?.hasAttribute("tabindex"),
          ];
        }),
      ).toEqual([true, false]);
    },
  );
});

/** Tab names in order, the selected one, and which ones Tab stops at. */
const tabState = (tabs: ReturnType<Page["getByRole"]>) =>
  tabs.evaluate((list) =>
    [...list.querySelectorAll<HTMLElement>('[role="tab"]')].map(
      (tab) =>
        `${tab.textContent}${tab.getAttribute("aria-selected") === "true" ? "*" : ""}${tab.tabIndex === 0 ? "" : "-"}`,
    ),
  );

describe("tab rows", () => {
  it("in the model order: one Tab stop, arrows, Home and End move and select", async () => {
    await page.goto(`${appUrl()}/app/account/settings`);
    const list = page.getByRole("tablist", { name: "Model categories" });
    await poll(() => tabState(list)).toEqual(["Text*", "Image-", "Web search-", "Reasoning-", "Light-"]);
    await page.getByRole("tab", { name: "Text" }).focus();
    await page.keyboard.press("ArrowRight");
    expect(await focusedName(page)).toBe("Image");
    expect(await tabState(list)).toEqual(["Text-", "Image*", "Web search-", "Reasoning-", "Light-"]);
    await page.getByTestId("models-image").waitFor();
    await page.keyboard.press("End");
    expect(await focusedName(page)).toBe("Light");
    await page.keyboard.press("ArrowRight");
    expect(await focusedName(page)).toBe("Text");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("Home");
    expect(await tabState(list)).toEqual(["Text*", "Image-", "Web search-", "Reasoning-", "Light-"]);
    // Tab leaves the row for the panel.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("role"))).not.toBe("tab");
  });

  it("of a new API key's code samples: the same keys", async () => {
    const fresh = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      // Keys come with a plan.
      await givePlan(await signUpFresh(fresh, appUrl(), "tabs"));
      const keys = await fresh.newPage();
      await keys.goto(`${appUrl()}/app/account/settings/api`);
      const name = keys.getByLabel("Key name");
      await name.fill("Tabs");
      await name.press("Enter");
      const list = keys.getByRole("tablist", { name: "Examples" });
      const samples = ["curl", "Python (openai)", "JavaScript (openai)"];
      await poll(() => tabState(list)).toEqual(["curl*", "Python (openai)-", "JavaScript (openai)-"]);
      await keys.getByRole("tab", { name: "curl" }).focus();
      await keys.keyboard.press("ArrowRight");
      expect(await focusedName(keys)).toBe(samples[1]);
      expect(await keys.getByTestId("api-snippet").textContent()).toContain("from openai import OpenAI");
      await keys.keyboard.press("End");
      expect(await tabState(list)).toEqual(["curl-", "Python (openai)-", "JavaScript (openai)*"]);
      await keys.keyboard.press("Home");
      expect(await focusedName(keys)).toBe("curl");
      await keys.keyboard.press("ArrowLeft");
      expect(await focusedName(keys)).toBe(samples[2]);
    } finally {
      await fresh.close();
    }
  });
});
