// Targets a finger can hit (WCAG 2.5.8, 24 × 24 px at least) on the screens where some were smaller: the Team
// page's "Add seats", the sidebar's "All assistants", the Share dialog's search-engine checkbox with its label
// and the assistant editor's own-model-order checkbox with its label — on a phone and on a computer.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser";
import { appUrl, currentChatId, openSession, poll, send, waitForAnswer, watchProblems } from "./chat-support";
import { signIn } from "./session";
import { smallTargets } from "./touch-targets";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PHONE = { width: 390, height: 800 };
const COMPUTER = { width: 1280, height: 800 };

/** The sidebar, opened as a drawer on a phone. */
async function sidebar(page: Page, phone: boolean) {
  if (phone) await page.getByRole("button", { name: "Open the sidebar" }).click();
  const region = page.locator(".sidebar");
  await region.getByRole("link", { name: "All assistants" }).waitFor();
  return region;
}

describe("touch targets", () => {
  it("on the Team page, 'Add seats' included", async () => {
    for (const viewport of [PHONE, COMPUTER]) {
      const context = await browser.newContext({ viewport });
      await signIn(context, appUrl(), "team-admin");
      const page = await context.newPage();
      const problems = watchProblems(page);
      await page.goto(`${appUrl()}/app/account/settings/team`);
      await page.getByTestId("team-seats").waitFor();
      expect(await page.getByRole("link", { name: "Add seats" }).count()).toBe(2);
      expect(await smallTargets(page.locator("main")), `${viewport.width} px`).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  for (const viewport of [PHONE, COMPUTER]) {
    const phone = viewport === PHONE;
    it(`in the sidebar, the Share dialog and the assistant editor, ${phone ? "on a phone" : "on a computer"}`, async () => {
      const { context, page } = await openSession(browser, { viewport });
      const problems = watchProblems(page);
      await page.goto(`${appUrl()}/app/a/default`);
      await send(page, "A chat to share");
      await waitForAnswer(page);
      const chatId = await currentChatId(page);

      const region = await sidebar(page, phone);
      expect(await smallTargets(region), "sidebar").toEqual([]);

      // The chat's menu, Share: the dialog's controls, its checkbox with the label that toggles it.
      await region
        .locator(`li.chat-item[data-chat-id="${chatId}"]`)
        .getByRole("button", { name: /^Actions for/ })
        .click();
      await page.getByRole("menuitem", { name: "Share", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Share this chat" });
      await dialog.getByRole("checkbox", { name: "Let search engines list this page" }).waitFor();
      expect(await smallTargets(dialog), "share dialog").toEqual([]);
      await dialog.getByRole("button", { name: "Close" }).click();
      await poll(() => dialog.count()).toBe(0);

      await page.goto(`${appUrl()}/app/assistants/new`);
      const own = page.getByRole("checkbox", { name: "Give it its own model order" });
      await own.waitFor();
      expect(await smallTargets(page.locator("main")), "assistant editor").toEqual([]);
      // Its own order's editor, shown once the box is ticked, is measured too.
      await own.check();
      await poll(() => smallTargets(page.locator("main"))).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
