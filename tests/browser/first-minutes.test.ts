// Journeys of a new user's first minutes: forgot password end to end, an unsubscribed user's landing, a
// French user's language following them to a new browser, the public header once signed in, notifications
// that time out (and the welcome ones kept off the plan cards), and editing a question.
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser";
import { composer, lastAnswer, renameFromMenu, send, waitForAnswer } from "./chat-support";
import {
  collectPageErrors,
  DEMO_PASSWORD,
  demoEmail,
  eventually,
  mailedCode,
  pathOf,
  signUpFresh,
  sql,
} from "./session";

let browser: Browser;
const base = () => inject("appUrl");
const NEW_PASSWORD = "a fresh passphrase for later";

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Signs in through the login form, as a person would. */
async function signInWithForm(context: BrowserContext, email: string, password: string) {
  const page = await context.newPage();
  await page.goto(`${base()}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  return page;
}

const appHeaders = { "X-Switchboard-Request": "1" };

describe("forgot password", () => {
  it("mails a code, sets the new password, signs this browser in and every other one out", async () => {
    const first = await browser.newContext();
    const email = await signUpFresh(first, base(), "forgot");
    expect((await first.request.get(`${base()}/api/login/user`)).status()).toBe(200);

    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${base()}/login`);
    // The address typed for signing in comes along: not typed twice.
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Forgot password?" }).click();
    await eventually(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Reset your password");
    expect(await page.getByLabel("Email").inputValue()).toBe(email);
    await page.getByRole("button", { name: "Send the code" }).click();
    await page.getByText(`If an account uses ${email}, a code is on its way.`).waitFor();
    await page.getByLabel("Code from the email").fill(await mailedCode(email));
    await page.getByLabel("New password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Set the new password" }).click();

    // Signed in: a new account without a plan lands on the plans.
    await eventually(() => pathOf(page)).toBe("/app/account/subscription");
    expect((await context.request.get(`${base()}/api/login/user`)).status()).toBe(200);
    // The other browser's session ended, and only the new password opens the account.
    expect((await first.request.get(`${base()}/api/login/user`)).status()).toBe(401);
    const old = await first.request.post(`${base()}/api/login`, {
      data: { email, password: DEMO_PASSWORD },
      headers: { Origin: base() },
    });
    expect(old.status()).toBe(401);
    expect(errors).toEqual([]);
    await first.close();
    await context.close();
  });

  it("answers an unknown address exactly like a known one", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${base()}/login?mode=forgot`);
    const email = `nobody-${crypto.randomUUID()}@example.test`;
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send the code" }).click();
    await page.getByText(`If an account uses ${email}, a code is on its way.`).waitFor();
    await context.close();
  });
});

describe("landing after sign-in", () => {
  it("sends an unsubscribed user to the plans, saying the subscription ended", async () => {
    const context = await browser.newContext();
    const page = await signInWithForm(context, demoEmail("unsubscribed"), DEMO_PASSWORD);
    await eventually(() => pathOf(page)).toBe("/app/account/subscription");
    await eventually(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Your subscription has ended",
    );
    await page.getByText("Choose a plan to use the models again.").waitFor();
    // No red "Limit reached" for someone without a plan.
    expect(await page.getByTestId("usage-state").textContent()).toBe("Subscription ended");
    // The page says the conversations are still here: Back to chat opens them, under the ended plan's banner.
    await page.getByRole("link", { name: "Back to chat" }).click();
    await eventually(() => pathOf(page)).toBe("/app/a/default");
    await page.getByText("Your subscription has ended: choose a plan to talk to the models again.").waitFor();
    await context.close();
  });

  it("applies a French user's saved language in a new browser: cookie and path prefix", async () => {
    const setup = await browser.newContext();
    const email = await signUpFresh(setup, base(), "francais");
    const saved = await setup.request.post(`${base()}/api/user/preferences/saveLanguage`, {
      data: { lang: "fr" },
      headers: { Origin: base() },
    });
    expect(saved.ok()).toBe(true);
    await setup.close();

    // A brand-new browser that speaks English.
    const context = await browser.newContext({ locale: "en-US" });
    const page = await signInWithForm(context, email, DEMO_PASSWORD);
    await eventually(() => pathOf(page)).toBe("/fr/app/account/subscription");
    await eventually(() => page.evaluate(() => document.documentElement.lang)).toBe("fr");
    const cookies = await context.cookies(base());
    expect(cookies.find((c) => c.name === "locale")?.value).toBe("fr");
    // A later visit of an unprefixed address stays in French.
    await page.goto(`${base()}/pricing`);
    await eventually(() => pathOf(page)).toBe("/fr/pricing");
    await context.close();
  });

  it("shows Open app instead of Sign in on the public pages once signed in", async () => {
    const context = await browser.newContext();
    await signUpFresh(context, base(), "header");
    const page = await context.newPage();
    await page.goto(`${base()}/pricing`);
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Open app" }).waitFor();
    expect(await nav.getByRole("link", { name: "Sign in" }).count()).toBe(0);
    await context.close();
  });
});

/** A finger on `target`'s centre, with none of a locator action's checks. */
async function touch(page: Page, target: Locator): Promise<void> {
  await target.waitFor();
  const box = await target.boundingBox();
  if (!box) throw new Error("nothing to touch");
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

/** The release note and the onboarding tips (a first visit's "ready offline" notice has a test of its own). */
const welcomeNotices = (page: Page) =>
  page.getByTestId("notification").filter({ hasNotText: "Ready to work offline" });

describe("notifications", () => {
  it("keeps the welcome notices off the plan cards, then shows them elsewhere", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await signUpFresh(context, base(), "welcome");
    const page = await context.newPage();
    await page.goto(`${base()}/app/account/subscription`);
    await page.locator(".plan-card, [data-plan]").first().waitFor();
    await page.waitForTimeout(1500);
    // None at all: the first visit's "ready offline" waits too.
    expect(
      await page.getByTestId("notification").count(),
      (await page.getByTestId("notification").allTextContents()).join(" | "),
    ).toBe(0);
    await page.goto(`${base()}/app/account/settings`);
    // The release note; the tips wait for a plan (they are about using the models).
    await eventually(() => welcomeNotices(page).allTextContents()).toEqual([
      expect.stringContaining("What's new"),
    ]);
    await context.close();
  });

  it("speak the language picked in the settings at once, not from the next page on", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await subscribedFresh(context, "welcome-language", { dismissNotices: false });
    const page = await context.newPage();
    await page.goto(`${base()}/app/account/settings`);
    await eventually(() => welcomeNotices(page).count()).toBe(2);
    await page.locator("#settings-language").selectOption("fr");
    await eventually(() => page.evaluate(() => document.documentElement.lang)).toBe("fr");
    const tips = page.getByTestId("notification").filter({ hasText: "Bienvenue sur Switchboard !" });
    await eventually(() => tips.count()).toBe(1);
    expect(await tips.getByRole("button").allTextContents()).toEqual(expect.arrayContaining(["Compris"]));
    expect(
      await page.getByTestId("notification").filter({ hasText: "Welcome to Switchboard!" }).count(),
    ).toBe(0);
    // Its action follows the new language's addresses (offered off the settings page, which it opens).
    await page.getByRole("navigation", { name: "Compte" }).getByRole("link", { name: "API" }).click();
    await eventually(() => pathOf(page)).toBe("/fr/app/account/settings/api");
    await tips.getByRole("button", { name: "Ouvrir les paramètres" }).click();
    await eventually(() => pathOf(page)).toBe("/fr/app/account/settings");
    await context.close();
  });

  it("offer 'Open settings' everywhere but on the settings page itself", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await subscribedFresh(context, "welcome-settings", { dismissNotices: false });
    const page = await context.newPage();
    await page.goto(`${base()}/app/account/settings`);
    const tips = page.getByTestId("notification").filter({ hasText: "Welcome to Switchboard!" });
    await eventually(() => tips.count()).toBe(1);
    // Already there: only "Got it" (and the close button).
    expect(await tips.getByRole("button", { name: "Open settings" }).count()).toBe(0);
    expect(await tips.getByRole("button", { name: "Got it" }).count()).toBe(1);
    // On another page it leads to the settings.
    await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "API" }).click();
    await eventually(() => pathOf(page)).toBe("/app/account/settings/api");
    await eventually(() => tips.getByRole("button", { name: "Open settings" }).count()).toBe(1);
    await tips.getByRole("button", { name: "Open settings" }).click();
    await eventually(() => pathOf(page)).toBe("/app/account/settings");
    await context.close();
  });

  it("closes an ordinary one after its timeout, paused while hovered", async () => {
    const context = await browser.newContext();
    const email = await signUpFresh(context, base(), "toast");
    expect(email).toContain("@");
    for (const flag of ["saveLastReleaseNote", "saveHasSeenOnboardingTips"]) {
      const res = await context.request.get(`${base()}/api/user/preferences/${flag}`, {
        headers: appHeaders,
      });
      expect(res.ok()).toBe(true);
    }
    const page = await context.newPage();
    // The page's clock runs as usual until the test moves it on: the 5 s timeout needs no 5 s of waiting.
    await page.clock.install();
    await page.goto(`${base()}/app/account/settings`);
    const offline = page.getByTestId("notification").filter({ hasText: "Ready to work offline" });
    await eventually(() => offline.count(), 30_000).toBe(1);
    await offline.hover();
    await page.clock.fastForward(6_000);
    await page.waitForTimeout(300);
    expect(await offline.count()).toBe(1);
    await page.mouse.move(5, 700);
    await page.waitForTimeout(300);
    expect(await offline.count()).toBe(1);
    await page.clock.fastForward(5_000);
    await eventually(() => offline.count(), 2_000).toBe(0);
    await context.close();
  });
});

/**
 * A fresh account of this journey's own on a paid plan (so its answers never count against a shared demo
 * account), offering the offline test model first.
 */
async function subscribedFresh(
  context: BrowserContext,
  label: string,
  { dismissNotices }: { dismissNotices: boolean },
) {
  const email = await signUpFresh(context, base(), label);
  await sql(
    `insert into hot.subscription ("userId", customer, subscription, amount, ok, quantity)
     select id, 'cus_' || $2 || id, 'sub_' || $2 || id, 2000, true, 1 from hot."user" where email = $1 and verified`,
    [email, label],
  );
  const models = await context.request.post(`${base()}/api/user/preferences/saveModelsConfiguration`, {
    data: { modelsConfiguration: { text: ["test"], reasoning: [], web: [], image: [], light_text: [] } },
    headers: { Origin: base() },
  });
  expect(models.ok()).toBe(true);
  if (dismissNotices) {
    for (const flag of ["saveLastReleaseNote", "saveHasSeenOnboardingTips"]) {
      const res = await context.request.get(`${base()}/api/user/preferences/${flag}`, {
        headers: appHeaders,
      });
      expect(res.ok()).toBe(true);
    }
  }
  return email;
}

describe("the chat screen on a phone", () => {
  it("shows the welcome notices only after the first touch, so they are never its LCP element", async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true });
    await subscribedFresh(context, "phone", { dismissNotices: false });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { lcpElements: seen });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
          seen.push(entry.element?.closest(".toasts") ? "notification" : (entry.element?.tagName ?? "?"));
        }
      }).observe({ type: "largest-contentful-paint", buffered: true });
    });
    await page.goto(`${base()}/app/a/default`);
    await composer(page).waitFor();
    await page.waitForTimeout(1500);
    expect(await page.getByTestId("notification").count()).toBe(0);
    const lcp = await page.evaluate(() => (window as unknown as { lcpElements: string[] }).lcpElements);
    expect(lcp.length).toBeGreaterThan(0);
    expect(lcp).not.toContain("notification");
    // A bare touch: locator.tap() checks after touching that nothing covers its target, and the notices
    // this very touch brings in do.
    await touch(page, page.getByRole("heading", { name: "How can I help you today?" }));
    await eventually(() => welcomeNotices(page).count()).toBe(2);
    await context.close();
  });
});

/** Whether two boxes share any area. */
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
type Box = { x: number; y: number; width: number; height: number };

describe("the welcome notices on a phone", () => {
  it("are one compact toast at a time, off the header and the composer, below the open drawer, and off account pages", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    await subscribedFresh(context, "phone-compact", { dismissNotices: false });
    const page = await context.newPage();
    await page.goto(`${base()}/app/a/default`);
    await composer(page).waitFor();
    await touch(page, page.getByRole("heading", { name: "How can I help you today?" }));
    await eventually(() => welcomeNotices(page).count()).toBe(2);
    const shown = await page.locator(".toasts").boundingBox();
    const header = await page.locator(".chat-header").boundingBox();
    const box = await page.locator(".composer-box").boundingBox();
    if (!shown || !header || !box) throw new Error("no toasts, header or composer");
    // About a seventh of the screen, not half of it; the header's buttons and the composer free.
    expect(shown.height).toBeLessThan(844 / 5);
    expect([overlap(shown, header), overlap(shown, box)]).toEqual([false, false]);
    // The drawer opens over them: its assistants are there to touch.
    await page.getByRole("button", { name: "Open the sidebar" }).click();
    const heading = page.locator("#assistants-heading");
    await eventually(() =>
      heading.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return top === el || el.contains(top);
      }),
    ).toBe(true);
    // An account page's buttons stay free: there, waiting to be dismissed, they would sit on them.
    await page.goto(`${base()}/app/account/settings/api`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await touch(page, page.getByRole("heading", { level: 1 }));
    await page.waitForTimeout(500);
    expect(await welcomeNotices(page).count()).toBe(0);
    await context.close();
  });
});

describe("the release note on a phone", () => {
  it("shows all its words, and the conversation starts below it: the question at the top is not under it", async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      locale: "de-DE",
    });
    await subscribedFresh(context, "phone-note", { dismissNotices: false });
    // The tips seen: the release note alone, in German, whose words were cut ("…hell oder dunk…").
    const seen = await context.request.get(`${base()}/api/user/preferences/saveHasSeenOnboardingTips`, {
      headers: appHeaders,
    });
    expect(seen.ok()).toBe(true);
    const page = await context.newPage();
    await page.goto(`${base()}/de/app/a/default`);
    const box = page.locator("#root form.composer").getByRole("textbox");
    await box.fill("Eine erste Frage, über der die Neuigkeiten stehen");
    // On a touch screen Enter starts a new line: Send sends.
    await page.locator("#root").getByRole("button", { name: "Senden" }).tap();
    await waitForAnswer(page);
    const note = page.getByTestId("notification").filter({ hasText: "Neuigkeiten" });
    // On a phone one shows at a time: a first visit's "ready offline" may pass before it (5 s).
    await note.waitFor({ state: "visible", timeout: 15_000 });
    const text = note.locator(".toast-description");
    expect(await text.textContent()).toContain("hell oder dunkel und lässt sich als App installieren.");
    expect(
      await text.evaluate(
        (el) => el.clientHeight > 0 && el.scrollHeight <= el.clientHeight && el.scrollWidth <= el.clientWidth,
      ),
    ).toBe(true);
    // Nothing of the conversation under it, the question at its top included.
    const scroller = page.locator("#root .message-scroller");
    await scroller.evaluate((el) => el.scrollTo({ top: 0 }));
    const noteBox = await note.boundingBox();
    const question = page.locator("#root article.message.user").first();
    const questionBox = await question.boundingBox();
    if (!noteBox || !questionBox) throw new Error("no notice or question");
    await eventually(async () => {
      const area = await scroller.boundingBox();
      return area ? Math.round(area.y) >= Math.round(noteBox.y + noteBox.height) : false;
    }).toBe(true);
    expect(overlap(noteBox, (await question.boundingBox()) ?? questionBox)).toBe(false);
    await context.close();
  });
});

describe("the welcome notices on a desktop", () => {
  it("stay off the conversation: its messages' actions and the composer", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await subscribedFresh(context, "desktop-notices", { dismissNotices: false });
    const page = await context.newPage();
    await page.goto(`${base()}/app/a/default`);
    await send(page, "A first question under the welcome notices");
    await waitForAnswer(page);
    await eventually(() => welcomeNotices(page).count()).toBe(2);
    const toasts = await page.locator(".toasts").boundingBox();
    const targets = await page
      .locator("#root article.message button, #root .composer-box")
      .evaluateAll((found) =>
        found.map((el) => {
          const r = el.getBoundingClientRect();
          return {
            name: el.getAttribute("aria-label") ?? el.className,
            x: r.x,
            y: r.y,
            width: r.width,
            height: r.height,
          };
        }),
      );
    if (!toasts) throw new Error("no toasts");
    expect(targets.map((t) => t.name)).toContain("Copy");
    expect(targets.filter((t) => overlap(toasts, t)).map((t) => t.name)).toEqual([]);
    await context.close();
  });

  it("stay off the sidebar's controls: New chat, the chats and the account menu take the click", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await subscribedFresh(context, "desktop-sidebar", { dismissNotices: false });
    const page = await context.newPage();
    await page.goto(`${base()}/app/a/default`);
    await send(page, "A chat for the sidebar under the welcome notices");
    await waitForAnswer(page);
    await eventually(() => welcomeNotices(page).count()).toBe(2);
    const sidebar = page.locator("aside.sidebar");
    await sidebar.locator("li.chat-item").first().waitFor();
    // Every control of the sidebar in sight (not scrolled away in its list) is the element under its
    // centre: none has a notice over it.
    const covered = () =>
      sidebar.evaluate((aside) => {
        const scroller = aside.querySelector(".sidebar-scroll")?.getBoundingClientRect();
        const controls = [...aside.querySelectorAll<HTMLElement>("a[href], button")].filter(
          (el) => !el.closest(".toasts") && el.checkVisibility(),
        );
        const names = controls.map((el) => el.getAttribute("aria-label") ?? el.textContent?.trim() ?? "");
        const hidden = controls
          .filter((el) => {
            const r = el.getBoundingClientRect();
            const x = r.left + r.width / 2;
            const y = r.top + r.height / 2;
            const scrolledAway =
              scroller && el.closest(".sidebar-scroll") && (y < scroller.top || y > scroller.bottom);
            if (scrolledAway || y > innerHeight) return false;
            const top = document.elementFromPoint(x, y);
            return !(top === el || el.contains(top));
          })
          .map((el) => el.getAttribute("aria-label") ?? el.textContent?.trim());
        return { names, hidden };
      });
    const { names, hidden } = await covered();
    expect(names).toContain("New chat");
    expect(names).toContainEqual(expect.stringMatching(/, account menu$/));
    expect(hidden).toEqual([]);
    // One at a time: the other waits for this one to be dismissed.
    const shown = () =>
      welcomeNotices(page).evaluateAll((found) => found.filter((el) => el.checkVisibility()).length);
    expect(await shown()).toBe(1);
    await welcomeNotices(page).filter({ hasText: "Welcome to Switchboard!" }).getByText("Got it").click();
    await eventually(() => welcomeNotices(page).count()).toBe(1);
    expect(await shown()).toBe(1);
    expect((await covered()).hidden).toEqual([]);
    // A passing notice (with its timeout) shows beside the one that waits, not behind it where it would run out
    // unseen: here the refusal of a rename.
    await page.route("**/api/chat/update", (route) => route.fulfill({ status: 500, body: "{}" }));
    await renameFromMenu(page, sidebar.locator("li.chat-item").first(), "A title the server refuses");
    const refused = welcomeNotices(page).filter({ hasText: "The conversation could not be renamed." });
    await eventually(() => refused.evaluate((el) => el.checkVisibility())).toBe(true);
    expect(await shown()).toBe(2);
    await context.close();
  });

  it("give the focus to the page's main region when one is dismissed from the keyboard", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await subscribedFresh(context, "desktop-dismiss", { dismissNotices: false });
    const page = await context.newPage();
    await page.goto(`${base()}/app/account/settings`);
    await eventually(() => welcomeNotices(page).count()).toBe(2);
    const gotIt = welcomeNotices(page).filter({ hasText: "Welcome to Switchboard!" }).getByText("Got it");
    await gotIt.focus();
    await gotIt.press("Enter");
    await eventually(() => welcomeNotices(page).count()).toBe(1);
    // The button went with its notice: the focus goes on from the main region, not from the top of the page.
    await eventually(() => page.evaluate(() => document.activeElement?.id)).toBe("main");
    await context.close();
  });

  it("stay off an account page's column: a new API key's one-time Copy button takes the click", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await subscribedFresh(context, "desktop-api-key", { dismissNotices: false });
    const page = await context.newPage();
    await page.goto(`${base()}/app/account/settings/api`);
    await eventually(() => welcomeNotices(page).count()).toBe(2);
    await page.getByLabel("Key name").fill("Under the notices");
    await page.getByLabel("Key name").press("Enter");
    const copy = page.getByTestId("api-key-copy");
    await copy.waitFor();
    expect(await welcomeNotices(page).count()).toBe(2);
    const takesTheClick = await copy.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return top === el || el.contains(top);
    });
    expect(takesTheClick).toBe(true);
    // Beside the page's column, not on it (so nothing further down it is hidden either): in the
    // navigation's column, under its links.
    const toasts = await page.locator(".toasts").boundingBox();
    const main = await page.locator("#main").boundingBox();
    const nav = await page.locator(".account-nav").boundingBox();
    if (!toasts || !main || !nav) throw new Error("no toasts, page or navigation");
    expect([overlap(toasts, main), overlap(toasts, nav)]).toEqual([false, false]);
    // Narrower, the page is one column with no room beside it: they stay off it, as on a phone.
    await page.setViewportSize({ width: 720, height: 900 });
    await page.goto(`${base()}/app/account/settings/api`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.waitForTimeout(500);
    expect(await welcomeNotices(page).count()).toBe(0);
    await context.close();
  });
});

describe("the chat list on a phone", () => {
  it("is not laid out while its drawer is closed, and is there as soon as the drawer opens", async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    await subscribedFresh(context, "phone-drawer", { dismissNotices: true });
    const page = await context.newPage();
    await page.goto(`${base()}/app/a/default`);
    await send(page, "A chat for the drawer");
    await waitForAnswer(page);
    const chatPath = pathOf(page);
    await page.goto(`${base()}/app/a/default`);
    await composer(page).waitFor();
    const drawer = page.locator("aside.sidebar");
    const item = drawer.locator("li.chat-item").first();
    await item.waitFor({ state: "attached" });
    // Closed, the drawer's contents are skipped by layout (content-visibility), not just hidden.
    const closed = () =>
      drawer.evaluate((el) => ({
        style: getComputedStyle(el).contentVisibility,
        shown: el.querySelector("li.chat-item")?.checkVisibility({ contentVisibilityAuto: true }),
      }));
    expect(await closed()).toEqual({ style: "hidden", shown: false });
    await page.getByRole("button", { name: "Open the sidebar" }).click();
    await item.click();
    await eventually(() => pathOf(page)).toBe(chatPath);
    await eventually(closed).toEqual({ style: "hidden", shown: false });
    await context.close();
  });
});

describe("the first touch on a phone", () => {
  it("counts for the whole page: touched on the plans, the notices show on the next screen without another", async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true });
    await subscribedFresh(context, "phone-plans", { dismissNotices: false });
    const page = await context.newPage();
    await page.goto(`${base()}/app/account/subscription`);
    const heading = page.getByRole("heading", { level: 1 });
    await touch(page, heading);
    await page.waitForTimeout(500);
    // Kept off the plans, touched or not.
    expect(await welcomeNotices(page).count()).toBe(0);
    // To the chat screen inside the app (its other layout mounts the notices anew), with no input on the way.
    await page.evaluate(() => {
      window.history.pushState(null, "", "/app/a/default");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    await composer(page).waitFor();
    await eventually(() => welcomeNotices(page).count()).toBe(2);
    await context.close();
  });
});

describe("editing a question", () => {
  it("says the answer is replaced, then asks again with the new words", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await subscribedFresh(context, "editor", { dismissNotices: true });
    const page = await context.newPage();
    await page.goto(`${base()}/app/a/default`);
    await composer(page).waitFor();
    await send(page, "Tell me about apples");
    await waitForAnswer(page);

    const question = page.locator("#root article.message.user").last();
    const edit = question.getByRole("button", { name: "Edit" });
    const focused = (locator: typeof edit) =>
      locator.evaluate((element) => element === document.activeElement);
    // Escape gives an edit up: the focus goes back to the Edit button, not to the top of the page.
    await edit.click();
    const field = question.getByRole("textbox", { name: "Your message" });
    await eventually(() => focused(field)).toBe(true);
    await page.keyboard.press("Escape");
    await eventually(() => focused(edit)).toBe(true);

    await edit.click();
    await field.fill("Tell me about pears");
    await question.getByRole("button", { name: "Save" }).click();
    const confirm = page.getByRole("alertdialog");
    expect(await confirm.textContent()).toContain(
      "The answer after this message will be replaced by a new one.",
    );
    // Escape steps back out of the confirmation only: the words are kept, Save has the focus again.
    await page.keyboard.press("Escape");
    await eventually(() => confirm.count()).toBe(0);
    expect(await field.inputValue()).toBe("Tell me about pears");
    await eventually(() => focused(question.getByRole("button", { name: "Save" }))).toBe(true);
    // From the keyboard, as in the composer: Shift+Enter breaks the line, Enter goes on to the confirmation,
    // whose Replace has the focus, and Enter again replaces.
    await field.focus();
    await page.keyboard.press("Shift+Enter");
    expect(await field.inputValue()).toBe("Tell me about pears\n");
    expect(await confirm.count()).toBe(0);
    await page.keyboard.press("Enter");
    const replace = confirm.getByRole("button", { name: "Replace the answer" });
    await eventually(() => focused(replace)).toBe(true);
    await page.keyboard.press("Enter");

    await eventually(() => page.locator("#root article.message.user").allTextContents()).toEqual([
      expect.stringContaining("Tell me about pears"),
    ]);
    await waitForAnswer(page);
    expect(await page.locator("#root article.message.model").count()).toBe(1);
    await eventually(() => lastAnswer(page).textContent()).toContain("pears");
    // The answer can be generated again with the composer's model.
    await lastAnswer(page)
      .getByRole("button", { name: /Regenerate with/ })
      .waitFor();
    await context.close();
  });
});
