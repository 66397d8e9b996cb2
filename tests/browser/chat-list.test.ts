// The sidebar's actions on a chat once its row has left the list: moving the open chat follows it to its
// assistant and says so, a chat opened under another assistant's address goes to its own, a closed rename
// field gives the focus back, on a phone Escape closes what the drawer opened and not the drawer, a second tab's
// list follows the first's changes, and a rename or a delete the server refused says so and puts the chat back.
// Then the open chat's own dead ends: a message sent into a chat deleted meanwhile, an impossible chat id.
import type { Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  appUrl,
  composer,
  currentChatId,
  poll,
  renameFromMenu,
  send,
  sessionPerFile,
  shownText,
  sidebarChats,
  waitForAnswer,
  watchProblems,
} from "./chat-support";

const session = sessionPerFile();
const label = `Sidebar moves ${Date.now()}`;
let assistantId = 0;
let chatId = 0;
let problems: string[];

const apiHeaders = () => ({ Origin: appUrl(), "X-Switchboard-Request": "1" });
const toast = (page: Page, text: string) => page.locator(".toasts .toast", { hasText: text });

const rowOf = (page: Page, id: number) => page.locator(`li.chat-item[data-chat-id="${id}"]`);

async function openMenu(page: Page, id: number) {
  const item = rowOf(page, id);
  await item.hover();
  await item.getByRole("button", { name: /Actions for/ }).click();
  return item;
}

/** Renames the file's chat from its menu while the server refuses it; done once the refusal's notice shows. */
async function renameRefused(page: Page, title: string) {
  await page.route("**/api/chat/update", (route) => route.fulfill({ status: 500, body: "{}" }));
  await renameFromMenu(page, rowOf(page, chatId), title);
  await toast(page, "The conversation could not be renamed.").waitFor();
  await page.unroute("**/api/chat/update");
}

beforeAll(async () => {
  const { page } = session;
  problems = watchProblems(page);
  const made = await session.context.request.post(`${appUrl()}/api/assistants/update`, {
    data: { assistant: { label, preprompt: "" } },
    headers: apiHeaders(),
  });
  expect(made.status()).toBe(201);
  assistantId = ((await made.json()) as { id: number }).id;
  await page.goto(`${appUrl()}/app/a/default`);
  await send(page, "A chat to move around");
  await waitForAnswer(page);
  chatId = await currentChatId(page);
});

afterAll(async () => {
  await session.context.request.post(`${appUrl()}/api/assistants/delete`, {
    data: { assistantId },
    headers: apiHeaders(),
  });
});

describe("the chat list's actions", () => {
  it("gives the focus back to the chat's menu button when its rename field closes with Escape or Enter", async () => {
    const { page } = session;
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? "");
    const field = page.getByRole("textbox", { name: "Conversation title" });
    for (const key of ["Escape", "Enter"]) {
      const item = await openMenu(page, chatId);
      const title = await item.locator("a").getAttribute("title");
      await page.getByRole("menuitem", { name: "Rename" }).click();
      await field.press(key);
      await poll(() => field.count()).toBe(0);
      // The title as it was (Enter saves nothing new): the button's name is the one before.
      await poll(focused).toBe(`Actions for “${title}”`);
    }
  });

  it("opens a menu from the keyboard on its first item; the arrows, Home and End move, Escape goes back", async () => {
    const { page } = session;
    await page.goto(`${appUrl()}/app/a/default/c/${chatId}`);
    const focusedName = () =>
      page.evaluate(
        () =>
          document.activeElement?.textContent?.trim() || document.activeElement?.getAttribute("aria-label"),
      );
    const opener = page
      .locator(`li.chat-item[data-chat-id="${chatId}"]`)
      .getByRole("button", { name: /Actions for/ });
    await opener.focus();
    await page.keyboard.press("Enter");
    await poll(focusedName).toBe("Rename");
    // Announced as a menu of items (the WAI-ARIA menu button pattern), not as a row of buttons.
    expect(await opener.getAttribute("aria-haspopup")).toBe("menu");
    const menu = page.getByRole("menu", { name: /^Actions for/ });
    expect(await menu.getByRole("menuitem").allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining("Rename"), expect.stringContaining("Delete")]),
    );
    expect(await menu.getByRole("button").count()).toBe(0);
    await page.keyboard.press("ArrowDown");
    expect(await focusedName()).toBe("Share");
    await page.keyboard.press("End");
    expect(await focusedName()).toBe("Delete");
    await page.keyboard.press("ArrowDown");
    expect(await focusedName()).toBe("Rename");
    await page.keyboard.press("ArrowUp");
    expect(await focusedName()).toBe("Delete");
    await page.keyboard.press("Home");
    expect(await focusedName()).toBe("Rename");
    await page.keyboard.press("Escape");
    await poll(() => opener.evaluate((element) => element === document.activeElement)).toBe(true);
    // The account menu the same way; opened with the pointer, a menu leaves the focus where it was.
    const account = page.getByRole("button", { name: /, account menu$/ });
    await account.focus();
    await page.keyboard.press("Enter");
    await poll(focusedName).toBe("Settings");
    await page.keyboard.press("Escape");
    await account.click();
    await page.waitForTimeout(200);
    expect(await account.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press("Escape");
  });

  it("on a phone, closes the rename field with Escape and leaves the drawer open", async () => {
    const { page } = session;
    await page.setViewportSize({ width: 375, height: 812 });
    try {
      await page.getByRole("button", { name: "Open the sidebar" }).click();
      const drawer = page.locator("aside.sidebar");
      const shown = () => drawer.evaluate((el) => getComputedStyle(el).contentVisibility !== "hidden");
      await poll(shown).toBe(true);
      await openMenu(page, chatId);
      await page.getByRole("menuitem", { name: "Rename" }).click();
      const field = page.getByRole("textbox", { name: "Conversation title" });
      await field.press("Escape");
      await poll(() => field.count()).toBe(0);
      await page.waitForTimeout(300);
      expect(await shown()).toBe(true);
      // A second Escape is the drawer's own.
      await page.keyboard.press("Escape");
      await poll(shown).toBe(false);
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it("on a phone, keeps a chat's menu on the screen however many assistants it offers to move to", async () => {
    const page = await session.context.newPage();
    const made: number[] = [];
    try {
      for (let i = 0; i < 14; i++) {
        const res = await session.context.request.post(`${appUrl()}/api/assistants/update`, {
          data: { assistant: { label: `${label} extra ${i}`, preprompt: "" } },
          headers: apiHeaders(),
        });
        made.push(((await res.json()) as { id: number }).id);
      }
      await page.setViewportSize({ width: 375, height: 667 });
      await page.goto(`${appUrl()}/app/a/default`);
      await page.getByRole("button", { name: "Open the sidebar" }).click();
      await openMenu(page, chatId);
      const menu = page.locator(".chat-menu:popover-open");
      const box = await menu.boundingBox();
      expect(box && box.y >= 0 && box.y + box.height <= 667).toBe(true);
      // The last item is reached by scrolling the menu itself, and takes the tap.
      const remove = menu.getByRole("menuitem", { name: "Delete" });
      await remove.click();
      const dialog = page.getByRole("dialog", { name: "Delete this conversation?" });
      await dialog.getByRole("button", { name: "Cancel" }).click();
    } finally {
      await page.close();
      for (const id of made) {
        await session.context.request.post(`${appUrl()}/api/assistants/delete`, {
          data: { assistantId: id },
          headers: apiHeaders(),
        });
      }
    }
  });

  it("on a phone, says a move made in the open drawer in the drawer, where it can be read", async () => {
    // A page of its own: the file's other tests go on from the shared page as they left it.
    const page = await session.context.newPage();
    try {
      await page.setViewportSize({ width: 375, height: 667 });
      await page.goto(`${appUrl()}/app/a/default`);
      await page.getByRole("button", { name: "Open the sidebar" }).click();
      await openMenu(page, chatId);
      await page.locator(".chat-menu:popover-open").getByRole("menuitem", { name: label }).click();
      const notice = toast(page, `Moved to ${label}`);
      await notice.waitFor();
      // In the drawer, not under its backdrop: what is at the notice's middle is the notice.
      expect(await notice.evaluate((el) => el.closest(".sidebar") !== null)).toBe(true);
      const onTop = await notice.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return el.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
      });
      expect(onTop).toBe(true);
    } finally {
      await page.close();
      // Back where the file's other tests expect it, and in the shared page's list again (a change made
      // through the API tells no tab: the list is read again when the tab is seen again).
      await session.context.request.post(`${appUrl()}/api/chat/updateAssistant`, {
        data: { chatId, assistantId: "default" },
        headers: apiHeaders(),
      });
      await session.page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
      await rowOf(session.page, chatId).waitFor();
    }
  });

  it("on a phone, deleting another chat from the drawer leaves the focus on the next chat's menu button", async () => {
    // A page of its own: the file's other tests go on from the shared page as they left it.
    const page = await session.context.newPage();
    // Two chats more: the one deleted, and the one below it that takes the focus.
    const make = async (content: string) => {
      const res = await session.context.request.post(`${appUrl()}/api/chat/new`, {
        data: { assistantId: "default", model: "test", content },
        headers: apiHeaders(),
      });
      expect(res.status()).toBe(201);
      return ((await res.json()) as { chat: { id: number } }).chat.id;
    };
    const below = await make("A chat below the one deleted");
    const doomed = await make("A chat to delete from the drawer");
    await page.setViewportSize({ width: 375, height: 812 });
    try {
      await page.goto(`${appUrl()}/app/a/default`);
      await page.getByRole("button", { name: "Open the sidebar" }).click();
      const row = rowOf(page, doomed);
      await row.waitFor();
      await openMenu(page, doomed);
      await page.locator(":popover-open").getByRole("menuitem", { name: "Delete" }).click();
      await page
        .getByRole("dialog", { name: "Delete this conversation?" })
        .getByRole("button", { name: "Delete" })
        .click();
      await poll(() => row.count()).toBe(0);
      await poll(() =>
        page.evaluate(() => document.activeElement?.closest("li.chat-item")?.getAttribute("data-chat-id")),
      ).toBe(String(below));
      expect(await page.evaluate(() => document.activeElement?.classList.contains("chat-menu-button"))).toBe(
        true,
      );
    } finally {
      await page.close();
      // The other tests count on the one chat of their own.
      for (const id of [doomed, below]) {
        await session.context.request.post(`${appUrl()}/api/chat/delete`, {
          data: { id },
          headers: apiHeaders(),
        });
      }
    }
  });

  it("on a phone, Escape closes a menu or a dialog opened in the drawer, not the drawer; the focus stays in it", async () => {
    const { page } = session;
    await page.setViewportSize({ width: 375, height: 812 });
    try {
      await page.getByRole("button", { name: "Open the sidebar" }).click();
      const drawer = page.locator("aside.sidebar");
      const shown = () => drawer.evaluate((el) => getComputedStyle(el).contentVisibility !== "hidden");
      await poll(shown).toBe(true);
      const menus = page.locator(":popover-open");
      const focusedInDrawer = () =>
        page.evaluate(() =>
          document.querySelector("aside.sidebar")?.contains(document.activeElement)
            ? document.activeElement?.getAttribute("aria-label")
            : null,
        );
      // The chat's delete dialog: Escape closes it, and the focus is back on the chat's menu button.
      const item = await openMenu(page, chatId);
      const opener =
        (await item.getByRole("button", { name: /Actions for/ }).getAttribute("aria-label")) ?? "";
      await page.locator(":popover-open").getByRole("menuitem", { name: "Delete" }).click();
      const dialog = page.getByRole("dialog", { name: "Delete this conversation?" });
      await dialog.waitFor();
      await page.keyboard.press("Escape");
      await poll(() => dialog.count()).toBe(0);
      await poll(focusedInDrawer).toBe(opener);
      await page.waitForTimeout(300);
      expect(await shown()).toBe(true);
      // The chat's menu, and the account menu at the drawer's foot: Escape closes the menu only.
      await openMenu(page, chatId);
      await poll(() => menus.count()).toBe(1);
      await page.keyboard.press("Escape");
      await poll(() => menus.count()).toBe(0);
      await page.getByRole("button", { name: /, account menu$/ }).click();
      await poll(() => menus.count()).toBe(1);
      await page.keyboard.press("Escape");
      await poll(() => menus.count()).toBe(0);
      expect(await shown()).toBe(true);
      // Nothing left open in it, Escape is the drawer's.
      await page.keyboard.press("Escape");
      await poll(shown).toBe(false);
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it("keeps a second tab's list current: what one tab or another device changed shows there", async () => {
    const { page, context } = session;
    const other = await context.newPage();
    const otherProblems = watchProblems(other);
    await other.goto(`${appUrl()}/app/a/default`);
    await sidebarChats(other).first().waitFor();
    const firstShown = () => sidebarChats(other).first();
    // A chat made in this tab goes to the front of the other's list, and a rename follows it there.
    await page.goto(`${appUrl()}/app/a/default`);
    await send(page, "A chat the other tab hears of");
    await waitForAnswer(page);
    const made = await currentChatId(page);
    await poll(() => firstShown().getAttribute("data-chat-id")).toBe(String(made));
    await renameFromMenu(page, rowOf(page, made), "Renamed in the first tab");
    await poll(() => shownText(firstShown())).toBe("Renamed in the first tab");
    // Another device tells no tab: the list is read again when the tab is seen again.
    const renamed = await context.request.post(`${appUrl()}/api/chat/update`, {
      data: { id: made, title: "Renamed on another device" },
      headers: apiHeaders(),
    });
    expect(renamed.status()).toBe(200);
    await other.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await poll(() => shownText(firstShown())).toBe("Renamed on another device");
    expect(otherProblems).toEqual([]);
    await other.close();
    // The other tests go on from the file's own chat, the one chat of theirs.
    await context.request.post(`${appUrl()}/api/chat/delete`, { data: { id: made }, headers: apiHeaders() });
    await page.goto(`${appUrl()}/app/a/default/c/${chatId}`);
    await page.locator("#root article.message.user", { hasText: "A chat to move around" }).waitFor();
  });

  it("moves the open chat to another assistant: the screen follows it there and says so", async () => {
    const { page } = session;
    await openMenu(page, chatId);
    await page.locator(".chat-menu:popover-open").getByRole("menuitem", { name: label }).click();
    await toast(page, `Moved to ${label}`).waitFor();
    await page.waitForURL(new RegExp(`/app/a/${assistantId}/c/${chatId}$`));
    await poll(() => sidebarChats(page).first().getAttribute("data-chat-id")).toBe(String(chatId));
    // The screen stays there: its cached chat knows its new assistant.
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe(`/app/a/${assistantId}/c/${chatId}`);
  });

  it("sends a chat opened under another assistant's address to its own", async () => {
    const { page } = session;
    await page.goto(`${appUrl()}/app/a/default/c/${chatId}`);
    await page.waitForURL(new RegExp(`/app/a/${assistantId}/c/${chatId}$`));
    await page.locator("#root article.message.user", { hasText: "A chat to move around" }).waitFor();
  });

  it("says so when the server refuses a rename, and shows the old title again", async () => {
    const { page } = session;
    const item = sidebarChats(page).first();
    const before = await shownText(item);
    await renameRefused(page, "A title the server refuses");
    await poll(() => shownText(item)).toBe(before);
  });

  it("keeps a notice's time running when folding the sidebar moves it onto the page", async () => {
    const { page } = session;
    const notice = toast(page, "The conversation could not be renamed.");
    // The last test's notice of the same words gone first.
    await poll(() => notice.count(), 10_000).toBe(0);
    await renameRefused(page, "Refused again");
    // The pointer away from wherever the notice shows: hovering one pauses its time.
    await page.mouse.move(640, 700);
    try {
      // Five seconds in all: three in the sidebar, then the sidebar folds and the notice moves onto the page,
      // where it goes on from there rather than starting its five seconds again.
      await page.waitForTimeout(3_000);
      await page.getByRole("button", { name: "Close the sidebar" }).press("Enter");
      await poll(() => page.locator(".sidebar-notices").count()).toBe(0);
      expect(await notice.count()).toBe(1);
      await poll(() => notice.count(), 3_500).toBe(0);
    } finally {
      await page.getByRole("button", { name: "Open the sidebar" }).click();
    }
  });

  it("says so when the server refuses a delete, and puts the chat back", async () => {
    const { page } = session;
    await page.route("**/api/chat/delete", (route) => route.fulfill({ status: 500, body: "{}" }));
    await openMenu(page, chatId);
    await page.getByRole("menuitem", { name: "Delete" }).click();
    await page
      .getByRole("dialog", { name: "Delete this conversation?" })
      .getByRole("button", { name: "Delete" })
      .click();
    await toast(page, "The conversation could not be deleted.").waitFor();
    await page.locator(`li.chat-item[data-chat-id="${chatId}"]`).waitFor();
    await page.unroute("**/api/chat/delete");
    // The refused requests are the test's own doing; nothing else went wrong.
    expect(problems.filter((problem) => !problem.includes("500"))).toEqual([]);
  });

  it("says a chat deleted meanwhile is gone when a message is sent into it, keeping the message", async () => {
    const { page } = session;
    await page.goto(`${appUrl()}/app/a/${assistantId}/c/${chatId}`);
    await page.locator("#root article.message.user").first().waitFor();
    // Deleted elsewhere (another tab, another device).
    const deleted = await session.context.request.post(`${appUrl()}/api/chat/delete`, {
      data: { id: chatId },
      headers: apiHeaders(),
    });
    expect(deleted.ok()).toBe(true);
    await send(page, "Are you still there?");
    await page.getByText("This conversation doesn't exist or has been deleted.").waitFor();
    expect(await page.getByRole("button", { name: "Retry" }).count()).toBe(0);
    expect(await composer(page).inputValue()).toBe("Are you still there?");
  });

  it("says an address with an id no chat can have is not found, without asking the API for it", async () => {
    const { page } = session;
    const asked: string[] = [];
    const onRequest = (request: Request) => {
      // The boot script's early read takes the address as written; the app must not ask for "1e+23".
      if (request.url().includes("/api/chat/1e")) asked.push(request.url());
    };
    page.on("request", onRequest);
    await page.goto(`${appUrl()}/app/a/default/c/99999999999999999999999`);
    await page
      .getByTestId("chat-missing")
      .getByText("This conversation doesn't exist or has been deleted.")
      .waitFor();
    page.off("request", onRequest);
    expect(asked).toEqual([]);
  });
});
