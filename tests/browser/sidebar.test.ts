// The chat screen's sidebar with a long chat list: the list scrolls inside it, and the account menu stays in
// view at its foot, on a wide screen and in a phone's drawer, which New chat closes also on a new chat; its links and the composer's placeholder read
// well in both colour modes; "Load more" keeps the focus from the keyboard.
import pg from "pg";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser";
import { appUrl, composer, poll, sidebarChats, signIn } from "./chat-support";
import { belowAA, contrastsOf } from "./contrast";
import { holdRequests, signUpFresh } from "./session";

let browser: Browser;
let context: BrowserContext;
let page: Page;

/** A subscribed account of this file's own with 60 chats, written straight to the database (no answers). */
async function withManyChats(email: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject("databaseUrl") });
  await client.connect();
  try {
    await client.query(
      `with u as (select id from hot."user" where email = $1)
       insert into hot.subscription ("userId", customer, subscription, amount, ok)
       select id, 'cus_sidebar_' || id, 'sub_sidebar_' || id, 2000, true from u`,
      [email],
    );
    await client.query(
      `insert into hot.chat ("user", title, model, "createdAt", "updatedAt")
       select u.id, 'Chat number ' || n, 'test', now() - make_interval(mins => n), now() - make_interval(mins => n)
       from hot."user" u, generate_series(1, 60) n where u.email = $1`,
      [email],
    );
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const email = await signUpFresh(context, appUrl(), "sidebar");
  await withManyChats(email);
  await signIn(context, email);
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const accountButton = () => page.getByRole("button", { name: /, account menu$/ });

/** Whether the element is wholly inside the window. */
const inView = (locator: ReturnType<Page["locator"]>) =>
  locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= innerHeight && box.height > 0;
  });

/** The last chat scrolled to: the list moves inside the sidebar, the sidebar itself and its foot do not. */
async function scrollsTheListOnly() {
  const lastChat = sidebarChats(page).last();
  const before = await accountButton().boundingBox();
  await lastChat.scrollIntoViewIfNeeded();
  expect(await inView(lastChat)).toBe(true);
  expect(await accountButton().boundingBox()).toEqual(before);
  expect(await inView(accountButton())).toBe(true);
  expect(await page.locator("aside.sidebar").evaluate((el) => el.scrollTop)).toBe(0);
}

describe("a long chat list", () => {
  it("scrolls inside the sidebar, the account menu in view at its foot", async () => {
    await page.goto(`${appUrl()}/app/a/default`);
    await poll(() => sidebarChats(page).count()).toBeGreaterThanOrEqual(30);
    expect(await inView(accountButton())).toBe(true);
    await scrollsTheListOnly();
  });

  it("does the same in a phone's drawer", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${appUrl()}/app/a/default`);
    await page.getByRole("button", { name: "Open the sidebar" }).click();
    // Slid all the way in: its foot no longer moves.
    await poll(async () => (await page.locator("aside.sidebar").boundingBox())?.x).toBe(0);
    await poll(() => sidebarChats(page).count()).toBeGreaterThanOrEqual(30);
    await poll(() => inView(accountButton())).toBe(true);
    await scrollsTheListOnly();
  });

  it("closes a phone's drawer on New chat when the new chat's page is the one open", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${appUrl()}/app/a/default`);
    const open = page.getByRole("button", { name: "Open the sidebar" });
    await open.click();
    await poll(() => open.getAttribute("aria-expanded")).toBe("true");
    // The same address: nothing navigates, and the drawer stayed open over the page it makes inert.
    await page.locator("aside.sidebar").getByRole("link", { name: "New chat" }).click();
    await poll(() => open.getAttribute("aria-expanded")).toBe("false");
    expect(await page.locator(".chat-column").evaluate((el) => (el as HTMLElement).inert)).toBe(false);
    expect(new URL(page.url()).pathname).toBe("/app/a/default");
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});

describe("the chat screen's quieter text", () => {
  it("reads at WCAG AA in light and dark mode: the sidebar's links and the composer's placeholder", async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const colorScheme of ["light", "dark"] as const) {
      // The colour mode is the device's (system) for this account.
      await page.emulateMedia({ colorScheme });
      await page.goto(`${appUrl()}/app/a/default`);
      await poll(() => page.getAttribute("html", "data-theme")).toBe(colorScheme);
      const allAssistants = page.locator("aside.sidebar").getByRole("link", { name: "All assistants" });
      const loadMore = page.locator("aside.sidebar").getByRole("button", { name: "Load more" });
      await loadMore.waitFor();
      const found = [
        ...(await contrastsOf(allAssistants.or(loadMore))),
        ...(await contrastsOf(composer(page), "::placeholder")),
      ];
      expect(found.map((c) => c.text)).toEqual([
        "All assistants",
        "Load more",
        expect.stringMatching(/^Message /),
      ]);
      expect(belowAA(found), `${colorScheme}: ${JSON.stringify(found)}`).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: null });
  });
});

describe("Load more from the keyboard", () => {
  it("keeps the focus while it loads, then gives it to the first chat it brought", async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${appUrl()}/app/a/default`);
    const loadMore = page.locator("aside.sidebar").getByRole("button", { name: "Load more" });
    await loadMore.waitFor();
    const firstPage = await sidebarChats(page).count();
    // The next page held: the button keeps the focus (aria-disabled, not disabled), a second Enter ignored.
    const held = await holdRequests(page, "/api/assistants/chats");
    await loadMore.press("Enter");
    await poll(() => loadMore.getAttribute("aria-disabled")).toBe("true");
    expect(await loadMore.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    held.release();
    // The last page is in and the button gone with it: the focus is on the first chat it brought.
    await poll(() => loadMore.count()).toBe(0);
    expect(held.count).toBe(1);
    await page.unroute("**/api/assistants/chats");
    const firstNew = sidebarChats(page).nth(firstPage).locator(".chat-link");
    await poll(() => firstNew.evaluate((link) => link === document.activeElement)).toBe(true);
    expect(await firstNew.textContent()).toBe(`Chat number ${firstPage + 1}`);
  });
});
