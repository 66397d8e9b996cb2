// The chat screen's layout: a send error lines up with the composer, and on a phone the model picker opens
// within the screen without pushing the conversation sideways; in French it describes the models in French.
// From the keyboard the picker opens, tabs through its line headers (a collapsed line reopens) and closes on
// Escape or when the focus leaves; its listboxes hold options only (axe).
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { modelByKey } from "../../src/domain/models";
import { axeViolations } from "./axe";
import { appUrl, composer, poll, send, sessionPerFile } from "./chat-support";

const session = sessionPerFile();

/** axe's rules on what a listbox, its options and the field controlling them may hold and say. */
const LISTBOX_RULES = [
  "aria-required-children",
  "aria-required-parent",
  "aria-allowed-attr",
  "aria-allowed-role",
  "aria-valid-attr-value",
  "nested-interactive",
  "scrollable-region-focusable",
];

/** Left and right edges, rounded: what "lined up" is about. */
const edges = async (page: Page, selector: string) => {
  const box = await page.locator(selector).boundingBox();
  return box && [Math.round(box.x), Math.round(box.x + box.width)];
};

describe("the composer's dock", () => {
  it("shows a send error in the composer's column, edge to edge with it", async () => {
    const { page } = session;
    // The server refuses the new chat as it would at the end of a plan's quota.
    await page.route("**/api/chat/new", (route) =>
      route.fulfill({
        status: 429,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "quota_reached", message: "You reached your quota." } }),
      }),
    );
    await page.goto(`${appUrl()}/app/a/default`);
    await send(page, "A question over the quota");
    const notice = page.locator(".composer-dock .message-notice", { hasText: "You reached your quota." });
    await notice.waitFor();
    expect(await edges(page, ".composer-dock .message-notice")).toEqual(await edges(page, ".composer-box"));
    await page.unroute("**/api/chat/new");
  });
});

describe("the composer's placeholder", () => {
  it("stays on the field's one line when the model's name makes it longer than the field", async () => {
    const { page } = session;
    await page.goto(`${appUrl()}/app/a/default`);
    // The placeholder is drawn by the browser, not in the DOM: what keeps it on one line is its own style.
    const style = await composer(page).evaluate((element) => {
      const placeholder = getComputedStyle(element, "::placeholder");
      return [placeholder.whiteSpace, placeholder.overflow];
    });
    expect(style).toEqual(["nowrap", "hidden"]);
  });
});

describe("a message over the length limit", () => {
  it("is refused before sending, saying by how much, with Send disabled and the text kept", async () => {
    const { page } = session;
    await page.goto(`${appUrl()}/app/a/default`);
    await composer(page).fill("a".repeat(100_001));
    const problems = page.getByTestId("composer-problems");
    await poll(() => problems.textContent()).toContain("This message is too long: 100,001 characters");
    expect(await page.getByRole("button", { name: "Send" }).isDisabled()).toBe(true);
    await composer(page).press("Enter");
    await page.waitForTimeout(300);
    expect((await composer(page).inputValue()).length).toBe(100_001);
    await composer(page).fill("");
  });
});

describe("the model picker on a phone", () => {
  it("opens within the screen, the conversation not moved sideways", async () => {
    const { page } = session;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${appUrl()}/app/a/default`);
    await composer(page).waitFor();
    await page.locator(".model-picker-button").click();
    const popup = page.locator(".model-picker-popup");
    await popup.waitFor();
    // The selected model is scrolled into view as it opens: nothing around it may scroll sideways for it.
    await poll(() => popup.locator('[role="option"]').count()).toBeGreaterThan(0);
    const box = await popup.boundingBox();
    expect(box && [box.x >= 0, box.x + box.width <= 390]).toEqual([true, true]);
    const sideways = await page.evaluate(() =>
      [document.querySelector(".chat-main"), document.querySelector(".model-picker-popup")].map(
        (el) => el && [el.scrollLeft, el.scrollWidth - el.clientWidth],
      ),
    );
    expect(sideways).toEqual([
      [0, 0],
      [0, 0],
    ]);
  });
});

describe("the model picker in French", () => {
  it("describes the models in French once it is about to open", async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1280, height: 800 });
    const french = JSON.parse(
      readFileSync(new URL("../../client/i18n/locales/fr/models.json", import.meta.url), "utf8"),
    ) as Record<string, string>;
    await page.goto(`${appUrl()}/fr/app/a/default`);
    await composer(page).waitFor();
    await page.locator(".model-picker-button").click();
    const description = page.locator('[role="option"][data-model="test"] .model-option-description');
    await poll(() => description.textContent()).toBe(french.test);
    expect(french.test).not.toBe(modelByKey("test")?.description);
  });
});

describe("the model picker from the keyboard", () => {
  it("opens on ArrowDown and ArrowUp, as a listbox button does, with the selected model active", async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${appUrl()}/app/a/default`);
    await composer(page).waitFor();
    const button = page.locator(".model-picker-button");
    const search = page.locator(".model-picker-search");
    /** The option the search field points at, and whether it is the selected one. */
    const active = () =>
      search.evaluate((el) => {
        const option = document.getElementById(el.getAttribute("aria-activedescendant") ?? "");
        return option && [option.getAttribute("role"), option.getAttribute("aria-selected")];
      });
    // What it opens is a dialog (a search field above the listbox), and the button says so.
    expect(await button.getAttribute("aria-haspopup")).toBe("dialog");
    for (const key of ["ArrowDown", "ArrowUp"]) {
      await button.focus();
      await page.keyboard.press(key);
      await poll(() => button.getAttribute("aria-expanded")).toBe("true");
      expect(await page.locator(`#${await button.getAttribute("aria-controls")}`).getAttribute("role")).toBe(
        "dialog",
      );
      await poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
      await poll(active).toEqual(["option", "true"]);
      await page.keyboard.press("Escape");
      await poll(() => button.getAttribute("aria-expanded")).toBe("false");
    }
  });

  it("lets Tab through its line headers, never onto the list, closes on Escape from any of them and when the focus leaves", async () => {
    const { page } = session;
    await page.goto(`${appUrl()}/app/a/default`);
    await composer(page).waitFor();
    const button = page.locator(".model-picker-button");
    const popup = page.locator(".model-picker-popup");
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement;
        return el?.getAttribute("data-category") ?? el?.className;
      });
    await button.focus();
    await page.keyboard.press("Enter");
    await poll(focused).toBe("model-picker-search");
    const lines = await popup
      .locator(".model-picker-group")
      .evaluateAll((els) => els.map((el) => el.getAttribute("data-category")));
    expect(lines.length).toBeGreaterThan(1);
    // Forward through every line's header, none of them the scrolling list; Escape on the last one closes.
    for (const line of lines) {
      await page.keyboard.press("Tab");
      expect(await focused()).toBe(line);
    }
    await page.keyboard.press("Escape");
    await poll(() => popup.count()).toBe(0);
    expect(await focused()).toBe("model-picker-button");
    // One Tab past the last header leaves the popup for Send (enabled by a message), and the popup closes;
    // Shift+Tab from the field closes it too.
    await composer(page).fill("A question");
    await button.focus();
    await page.keyboard.press("Enter");
    await poll(focused).toBe("model-picker-search");
    for (const _ of lines) await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await poll(() => popup.count()).toBe(0);
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await focused()).toContain("composer-action");
    await composer(page).fill("");
    await button.focus();
    await page.keyboard.press("Enter");
    await poll(focused).toBe("model-picker-search");
    await page.keyboard.press("Shift+Tab");
    await poll(() => popup.count()).toBe(0);
    expect(await focused()).toBe("model-picker-button");
    // A click on the button while it is open closes it (the focus leaving first must not make it reopen).
    await page.keyboard.press("Enter");
    await popup.waitFor();
    await button.click();
    await poll(() => popup.count()).toBe(0);
    await page.waitForTimeout(200);
    expect(await popup.count()).toBe(0);
  });

  it("closes on Tab past its last header with nothing after it in the page, and stays open when the window loses the focus", async () => {
    const { page } = session;
    await page.goto(`${appUrl()}/app/a/default`);
    await composer(page).waitFor();
    const button = page.locator(".model-picker-button");
    const popup = page.locator(".model-picker-popup");
    const search = page.locator(".model-picker-search");
    // An empty message: Send is disabled, so nothing in the page follows the picker and the focus would leave
    // the document, where no focusin says it left the popup.
    await composer(page).fill("");
    expect(await page.locator(".composer-action.send").isDisabled()).toBe(true);
    const open = async () => {
      await button.focus();
      await page.keyboard.press("Enter");
      await poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
    };
    await open();
    // Another window taking the focus looks to the page like the focus going nowhere: the popup stays.
    await search.evaluate((el) => {
      el.dispatchEvent(new FocusEvent("blur", { relatedTarget: null }));
      el.dispatchEvent(new FocusEvent("focusout", { relatedTarget: null, bubbles: true }));
      window.dispatchEvent(new FocusEvent("blur"));
    });
    await page.waitForTimeout(200);
    expect(await popup.count()).toBe(1);
    const headers = await popup.locator(".model-picker-group").count();
    expect(headers).toBeGreaterThan(1);
    for (let i = 0; i < headers; i++) await page.keyboard.press("Tab");
    expect(
      await popup
        .locator(".model-picker-group")
        .last()
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await page.keyboard.press("Tab");
    await poll(() => popup.count()).toBe(0);
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    // With no line to show (a search matching nothing), the search field is the last stop: likewise.
    await open();
    await search.fill("no model is called this");
    await poll(() => popup.locator(".model-picker-group").count()).toBe(0);
    await page.keyboard.press("Tab");
    await poll(() => popup.count()).toBe(0);
    expect(await button.getAttribute("aria-expanded")).toBe("false");
  });

  it("reopens a line collapsed with the mouse from the keyboard, and the search field is an ARIA 1.2 combobox", async () => {
    const { page } = session;
    await page.goto(`${appUrl()}/app/a/default`);
    await composer(page).waitFor();
    const button = page.locator(".model-picker-button");
    const popup = page.locator(".model-picker-popup");
    const search = page.locator(".model-picker-search");
    // The second line: Tab reaches it after the first, whatever the user's categories.
    const header = popup.locator(".model-picker-group").nth(1);
    const options = popup.locator('[role="option"]');
    await button.click();
    await header.click();
    await poll(() => header.getAttribute("aria-expanded")).toBe("false");
    await page.keyboard.press("Escape");
    await poll(() => popup.count()).toBe(0);

    await page.keyboard.press("Enter");
    // The field says what it controls: every shown listbox, one of whose options is the active one.
    expect(await search.getAttribute("role")).toBe("combobox");
    expect(await search.getAttribute("aria-expanded")).toBe("true");
    const wiring = await search.evaluate((el) => {
      const lists = (el.getAttribute("aria-controls") ?? "")
        .split(" ")
        .map((id) => document.getElementById(id));
      const active = document.getElementById(el.getAttribute("aria-activedescendant") ?? "");
      return {
        roles: [...new Set(lists.map((list) => list?.getAttribute("role")))],
        activeInOne: lists.some(
          (list) => list?.contains(active) && active?.getAttribute("role") === "option",
        ),
      };
    });
    expect(wiring).toEqual({ roles: ["listbox"], activeInOne: true });
    let tabs = 0;
    while ((await header.evaluate((el) => el !== document.activeElement)) && tabs++ < 10) {
      await page.keyboard.press("Tab");
    }
    expect(await header.evaluate((el) => el === document.activeElement)).toBe(true);
    const before = await options.count();
    await page.keyboard.press("Enter");
    await poll(() => header.getAttribute("aria-expanded")).toBe("true");
    expect(await options.count()).toBeGreaterThan(before);
    // The focus stays on the header; Down goes back to the field on the line's first model.
    expect(await header.evaluate((el) => el === document.activeElement)).toBe(true);
    const firstOfLine = await popup
      .locator(`#${await header.getAttribute("aria-controls")} [role="option"]`)
      .first()
      .getAttribute("id");
    await page.keyboard.press("ArrowDown");
    await poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await search.getAttribute("aria-activedescendant")).toBe(firstOfLine);
    await page.keyboard.press("Escape");
  });

  it("leaves a line's saved choice alone when its header is pressed during a search (every line shows open then)", async () => {
    const { page } = session;
    await page.goto(`${appUrl()}/app/a/default`);
    await composer(page).waitFor();
    const popup = page.locator(".model-picker-popup");
    const search = page.locator(".model-picker-search");
    const header = popup.locator(".model-picker-group").first();
    await page.locator(".model-picker-button").click();
    await poll(() => header.getAttribute("aria-expanded")).toBe("true");
    await search.fill("g");
    expect(await header.getAttribute("aria-disabled")).toBe("true");
    // Forced: Playwright waits for an aria-disabled button to be enabled; a person can still press it.
    await header.click({ force: true });
    await search.fill("");
    // Still open: the press during the search flipped nothing.
    await poll(() => header.getAttribute("aria-expanded")).toBe("true");
    expect(await header.getAttribute("aria-disabled")).toBeNull();
    await page.keyboard.press("Escape");
  });

  it("holds only options in its listboxes (axe: no violation in the open popup)", async () => {
    const { page } = session;
    await page.goto(`${appUrl()}/app/a/default`);
    await composer(page).waitFor();
    await page.locator(".model-picker-button").click();
    await page.locator(".model-picker-popup [role=option]").first().waitFor();
    expect(await axeViolations(page, LISTBOX_RULES)).toEqual([]);
  });
});
