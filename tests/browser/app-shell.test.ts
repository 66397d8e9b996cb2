// Journeys through the app shell: route guard and redirects, parameter 404s, locales, pricing from the
// address, the colour mode, notifications and sign-out, against the production build.
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { axeViolations } from "./axe";
import { launchBrowser } from "./browser";
import { fieldState } from "./field-state";
import {
  collectPageErrors,
  DEMO_PASSWORD,
  demoEmail,
  eventually,
  holdRequests,
  pathOf,
  signIn,
  signUpFresh,
  sql,
} from "./session";

let browser: Browser;
const base = () => inject("appUrl");

const hasFocus = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/**
 * Resolves once the page's task queue has drained twice over: React schedules its effects (and the
 * renders they cause) as tasks, which run before a message posted after them arrives.
 */
async function reactSettled(page: Page): Promise<void> {
  for (let i = 0; i < 2; i++) {
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve();
          channel.port2.postMessage(null);
        }),
    );
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("the light home page", () => {
  it("hands over to the full app on the first click, and Back returns to it", async () => {
    const page = await browser.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${base()}/`);
    await eventually(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Every AI model, one conversation away.",
    );
    await page.getByRole("link", { name: "See the plans" }).click();
    await eventually(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Simple plans, every model",
    );
    expect(pathOf(page)).toBe("/pricing");
    await page.goBack();
    await eventually(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Every AI model, one conversation away.",
    );
    expect(pathOf(page)).toBe("/");
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe("the light pricing page", () => {
  it("loads without the app, switches billing in place, and takes an account without a plan to checkout and back", async () => {
    const context = await browser.newContext();
    await signIn(context, base(), "none");
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${base()}/pricing?plan=starter`);
    await page.getByRole("button", { name: "Continue to payment" }).waitFor();
    // The first screen without the router and the query cache (the app's chunk).
    const scripts = await page.evaluate(() =>
      performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname),
    );
    expect(scripts.filter((path) => /^\/assets\/app-[\w-]+\.js$/.test(path))).toEqual([]);
    // Its text buttons are styled without the app's stylesheet: the page's type, no browser button frame.
    const details = page.getByRole("button", { name: "Compare the plans in detail" });
    expect(
      await details.evaluate((button) => {
        const own = getComputedStyle(button);
        const page = getComputedStyle(document.body);
        return [own.fontFamily === page.fontFamily, own.borderTopStyle, own.textDecorationLine];
      }),
    ).toEqual([true, "none", "underline"]);
    await page.getByRole("radio", { name: /Yearly/ }).check();
    await eventually(() => pathOf(page)).toBe("/pricing?plan=starter&yearly=true");
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await page.getByTestId("checkout-pay").waitFor();
    expect(await page.getByTestId("checkout-interval").textContent()).toBe("year");
    // Cancelling at Stripe comes back to the page with the choice kept.
    await page.getByTestId("checkout-back").click();
    await eventually(() => new URL(page.url()).pathname).toBe("/pricing");
    expect(pathOf(page)).toContain("plan=starter&yearly=true");
    await page.getByRole("button", { name: "Continue to payment" }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows a paying account its plan, and its change link opens the full app", async () => {
    const context = await browser.newContext();
    await signIn(context, base(), "expert");
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${base()}/pricing?plan=standard`);
    await page.getByRole("link", { name: "Change my plan" }).click();
    // The change page then fills in what the address lacks (the subscription's seats and interval).
    await eventually(() => pathOf(page).startsWith("/app/account/change_subscription?plan=standard")).toBe(
      true,
    );
    await eventually(() => page.getByRole("heading", { level: 1 }).count()).toBe(1);
    expect(new URL(page.url()).searchParams.get("plan")).toBe("standard");
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("the route guard", () => {
  it("sends a visitor to /login with the encoded page, and back to it after signing in", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${base()}/app/a/default`);
    await eventually(() => pathOf(page)).toBe("/login?redirect=%2Fapp%2Fa%2Fdefault");

    await page.getByLabel("Email").fill(demoEmail("starter"));
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    // From the keyboard: while it signs in, the button keeps the focus (aria-disabled, a second Enter ignored).
    const login = await holdRequests(page, "/api/login");
    const submit = page.getByRole("button", { name: /^(Sign in|Please wait…)$/ });
    await submit.press("Enter");
    await eventually(() => submit.getAttribute("aria-disabled")).toBe("true");
    expect(await hasFocus(submit)).toBe(true);
    await page.keyboard.press("Enter");
    login.release();
    // The redirect query is replaced by the page it pointed to.
    await eventually(() => pathOf(page)).toBe("/app/a/default");
    expect(login.count).toBe(1);
    // The sign-in screen went with the focused button: the focus is in the chat screen's main region (the region
    // itself, or the message field the new chat's screen then focuses), not on the page.
    await eventually(() =>
      page.evaluate(() => {
        const active = document.activeElement;
        return (
          active !== null && active !== document.body && !!document.getElementById("main")?.contains(active)
        );
      }),
    ).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("sends an account without a plan to the subscription page, with the plan picked on /pricing", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${base()}/pricing?plan=expert&users=3&yearly=true`);
    await page.getByRole("link", { name: "Continue with Expert" }).click();
    await eventually(() => pathOf(page)).toContain("/login?mode=signup");
    await page.getByRole("button", { name: "Already have an account? Sign in" }).click();
    await page.getByLabel("Email").fill(demoEmail("none"));
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await eventually(() => pathOf(page)).toBe("/app/account/subscription?users=3&plan=expert&yearly=true");
    expect(await page.getByTestId("plan-expert").getAttribute("data-selected")).toBe("true");
    await context.close();
  });

  it("follows the route rules: /app and /app/account lead to their first page", async () => {
    const context = await browser.newContext();
    await signIn(context, base(), "standard");
    const page = await context.newPage();
    await page.goto(`${base()}/app`);
    await eventually(() => pathOf(page)).toBe("/app/a/default");
    await page.goto(`${base()}/fr/app/account`);
    await eventually(() => pathOf(page)).toBe("/fr/app/account/settings");
    await context.close();
  });

  it("keeps a signed-in account with a plan away from /login, and shows it its plan on the subscription page", async () => {
    const context = await browser.newContext();
    await signIn(context, base(), "expert");
    const page = await context.newPage();
    await page.goto(`${base()}/login`);
    await eventually(() => pathOf(page)).toBe("/app/a/default");
    await page.goto(`${base()}/app/account/subscription`);
    await page.getByTestId("billing-summary").waitFor();
    expect(pathOf(page)).toBe("/app/account/subscription");
    expect(await page.getByTestId("billing-plan").textContent()).toBe("Expert");
    await context.close();
  });
});

describe("a new chat's first frame", () => {
  it("is drawn before any script runs, in the browser's language, and gives way to the app's screen", async () => {
    const context = await browser.newContext({ locale: "de-DE" });
    const page = await context.newPage();
    await signIn(context, base(), "expert");
    // The entry script held back: what index.html paints on its own.
    await page.route(/\/assets\/index-[^/]*\.js$/, (route) => route.abort());
    await page.goto(`${base()}/app/a/default`);
    const shell = page.locator("#boot-shell");
    await expect(shell.isVisible()).resolves.toBe(true);
    // The text as painted: only the browser's language of the nine the build put there shows.
    // biome-ignore lint/performance/useDomNodeTextContent: textContent would read all nine.
    await expect(shell.locator("h2").innerText()).resolves.toBe("Wie kann ich dir heute helfen?");
    await page.unroute(/\/assets\/index-[^/]*\.js$/);
    await page.reload();
    await page.getByRole("textbox", { name: "Nachricht" }).waitFor();
    await expect(shell.count()).resolves.toBe(0);
    await expect(page.evaluate(() => document.documentElement.hasAttribute("data-boot"))).resolves.toBe(
      false,
    );
    await context.close();
  });

  it("takes its cookies from the page as the Worker served it: no document.cookie read until the app is up", async () => {
    const context = await browser.newContext({ locale: "de-DE" });
    await signIn(context, base(), "expert");
    await context.addCookies([{ name: "locale", value: "it", url: base() }]);
    const page = await context.newPage();
    // A page's first read of document.cookie waits on the browser process, before the first paint.
    await page.addInitScript(() => {
      const reads: string[] = [];
      (window as unknown as { cookieReads: string[] }).cookieReads = reads;
      const own = Object.getOwnPropertyDescriptor(Document.prototype, "cookie");
      Object.defineProperty(Document.prototype, "cookie", {
        configurable: true,
        get() {
          reads.push(new Error().stack ?? "");
          return own?.get?.call(this);
        },
        set(value: string) {
          own?.set?.call(this, value);
        },
      });
    });
    await page.route(/\/assets\/index-[^/]*\.js$/, (route) => route.abort());
    await page.goto(`${base()}/app/a/default`);
    // The frame in the cookie's language (not the browser's), from the boot script alone.
    // biome-ignore lint/performance/useDomNodeTextContent: textContent would read all nine.
    await expect(page.locator("#boot-shell h2").innerText()).resolves.toBe("Come posso aiutarti oggi?");
    await page.unroute(/\/assets\/index-[^/]*\.js$/);
    await page.reload();
    await page.getByRole("textbox", { name: "Messaggio" }).waitFor();
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe("it");
    await expect(
      page.evaluate(() => (window as unknown as { cookieReads: string[] }).cookieReads),
    ).resolves.toEqual([]);
    await context.close();
  });

  it("gives way to the sign-in page when the session is gone but the hint cookie is not", async () => {
    const context = await browser.newContext();
    await context.addCookies([{ name: "signed_in", value: "1", url: base() }]);
    const page = await context.newPage();
    await page.goto(`${base()}/app/a/default`);
    await eventually(() => pathOf(page)).toBe("/login?redirect=%2Fapp%2Fa%2Fdefault");
    await page.getByLabel("Email").waitFor();
    await expect(page.locator("#boot-shell").count()).resolves.toBe(0);
    await context.close();
  });
});

describe("page not found", () => {
  it("answers a malformed assistant, chat or share id with the 404 screen naming the path", async () => {
    const page = await browser.newPage();
    for (const path of ["/app/a/abc", "/app/a/default/c/x1", "/shared/NOT-A-UUID"]) {
      await page.goto(`${base()}${path}`);
      const screen = page.getByTestId("error-screen");
      await eventually(() => screen.textContent()).toContain(`Page Not Found: ${path}`);
      expect(await screen.textContent()).toContain("404");
      expect(pathOf(page)).toBe(path);
    }
    await page.getByRole("link", { name: "Back to the home page" }).click();
    await eventually(() => pathOf(page)).toBe("/");
    await page.close();
  });

  it("renders no error page for a crawler, only logs the error", async () => {
    const context = await browser.newContext({
      userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    });
    const page = await context.newPage();
    const logged: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") logged.push(message.text());
    });
    await page.goto(`${base()}/app/a/abc`);
    await eventually(() => logged.join("\n")).toContain("Error 404");
    expect(await page.getByTestId("error-screen").count()).toBe(0);
    await context.close();
  });

  it("answers an unknown page with 'Page not found' and the path", async () => {
    const context = await browser.newContext();
    await signIn(context, base(), "starter");
    const page = await context.newPage();
    await page.goto(`${base()}/app/nowhere`);
    await eventually(() => page.getByTestId("error-screen").textContent()).toContain(
      "Page not found: /app/nowhere",
    );
    await context.close();
  });
});

describe("languages", () => {
  it("shows /fr/pricing in French and preselects plan, seats and yearly billing from the address", async () => {
    const page = await browser.newPage();
    await page.goto(`${base()}/fr/pricing?plan=expert&users=3&yearly=true`);
    await eventually(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Des offres simples, tous les modèles",
    );
    expect(await page.getAttribute("html", "lang")).toBe("fr");
    expect(await page.getByRole("radio", { name: /Annuel/ }).isChecked()).toBe(true);
    expect(await page.getByTestId("plan-expert").getAttribute("data-selected")).toBe("true");
    expect(await page.getByLabel("Sièges").inputValue()).toBe("3");
    // 3 seats × €50 a month billed yearly, in French number format.
    expect(await page.getByTestId("team-summary").textContent()).toMatch(
      /3 sièges en Expert : 150\s€ par mois\./,
    );
    await page.close();
  });

  it("ignores unparseable pricing values and shows no team without both users and plan", async () => {
    const page = await browser.newPage();
    await page.goto(`${base()}/pricing?plan=gold&users=abc&yearly=maybe`);
    await eventually(() => page.getByRole("radio", { name: "Monthly" }).isChecked()).toBe(true);
    for (const plan of ["starter", "standard", "expert"]) {
      expect(await page.getByTestId(`plan-${plan}`).getAttribute("data-selected")).toBe("false");
    }
    expect(await page.getByTestId("team-summary").count()).toBe(0);
    await page.close();
  });

  it("switches language in place, keeps the choice in a cookie and follows it on the next visit", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${base()}/pricing`);
    await page.getByLabel("Language").selectOption("de");
    await eventually(() => pathOf(page)).toBe("/de/pricing");
    await eventually(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Einfache Tarife, alle Modelle",
    );
    const cookie = (await context.cookies()).find((c) => c.name === "locale");
    expect(cookie?.value).toBe("de");
    // A year, give or take the test's own duration.
    expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
    await page.goto(`${base()}/`);
    await eventually(() => pathOf(page)).toBe("/de");
    await eventually(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Jedes KI-Modell, nur eine Unterhaltung entfernt.",
    );
    await context.close();
  });

  it("picks the first supported browser language for a first visit", async () => {
    const context = await browser.newContext({ locale: "pt-BR" });
    const page = await context.newPage();
    await page.goto(`${base()}/contact`);
    await eventually(() => pathOf(page)).toBe("/pt/contact");
    await eventually(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Fale conosco");
    await context.close();
  });
});

describe("the colour mode", () => {
  it("keeps the chosen mode across a reload, and light on the pages that force it", async () => {
    const context = await browser.newContext({ colorScheme: "light" });
    await signIn(context, base(), "standard");
    const page = await context.newPage();
    await page.goto(`${base()}/app/account/settings`);
    await page.getByRole("radio", { name: "Dark" }).check();
    await eventually(() => page.getAttribute("html", "data-theme")).toBe("dark");
    expect(await page.evaluate(() => localStorage.getItem("color-mode-version"))).toBe("1.0.0");

    await page.reload();
    // Applied before the first paint by theme-boot.js, and kept by the app.
    expect(await page.getAttribute("html", "data-theme")).toBe("dark");
    await eventually(() => page.getByRole("radio", { name: "Dark" }).isChecked()).toBe(true);
    expect(await page.getAttribute("html", "data-theme")).toBe("dark");

    await page.goto(`${base()}/pricing`);
    expect(await page.getAttribute("html", "data-theme")).toBe("light");
    await page.goto(`${base()}/privacy`);
    expect(await page.getAttribute("html", "data-theme")).toBe("dark");
    await context.close();
  });

  it("follows the device in system mode", async () => {
    const context = await browser.newContext({ colorScheme: "dark" });
    const page = await context.newPage();
    await page.goto(`${base()}/privacy`);
    expect(await page.getAttribute("html", "data-theme")).toBe("dark");
    await page.goto(`${base()}/`);
    expect(await page.getAttribute("html", "data-theme")).toBe("light");
    await context.close();
  });
});

describe("account pages", () => {
  it("reorders the models with the buttons and the keyboard, and keeps the order on the server", async () => {
    const context = await browser.newContext();
    await signIn(context, base(), "unsubscribed");
    const page = await context.newPage();
    const savedTextModels = async () =>
      (await (await context.request.get(`${base()}/api/login/user`)).json()).modelsConfiguration
        .text as string[];
    const before = await savedTextModels();
    await page.goto(`${base()}/app/account/settings`);
    const rows = page.getByTestId("models-text").getByRole("listitem");
    await eventually(() => rows.count()).toBe(before.length);

    // The second model moves to the top with its "up" button, from the keyboard: the button moves with its row
    // and keeps the focus there, unavailable (aria-disabled: a disabled one would drop the focus to the page).
    const second = (await rows.nth(1).locator(".model-label").textContent()) ?? "";
    const up = page.getByRole("button", { name: `Move ${second} up` });
    await up.press("Enter");
    await eventually(async () => (await savedTextModels())[0]).toBe(before[1]);
    await eventually(() => rows.first().locator(".model-label").textContent()).toBe(second);
    expect(await up.getAttribute("aria-disabled")).toBe("true");
    expect(await hasFocus(up)).toBe(true);
    // At the top, Enter does nothing.
    await page.keyboard.press("Enter");
    await reactSettled(page);
    expect(await rows.first().locator(".model-label").textContent()).toBe(second);

    // The (new) first model goes one place down with dnd-kit's keyboard drag: Space, Arrow down, Space.
    await page.getByRole("button", { name: `Move ${second}`, exact: true }).focus();
    // Each key waits for dnd-kit's own screen-reader announcement that the step happened (picking up
    // announces the pick-up, then at once that it is over its own place).
    const announced = page.locator('[id^="DndLiveRegion"]');
    const steps: [string, string[]][] = [
      ["Space", [`Picked up ${second}.`, `${second} is over position 1.`]],
      ["ArrowDown", [`${second} is over position 2.`]],
      ["Space", [`${second} dropped at position 2.`]],
    ];
    for (const [key, announcements] of steps) {
      await page.keyboard.press(key);
      await eventually(async () => announcements.includes((await announced.textContent()) ?? "")).toBe(true);
    }
    await eventually(async () => (await savedTextModels()).slice(0, 2)).toEqual([before[0], before[1]]);
    await context.close();
  });

  it("says a new password is too long before asking; a wrong current one takes the focus back; an edit clears it; each marks its field", async () => {
    const context = await browser.newContext();
    await signIn(context, base(), "team-admin");
    const page = await context.newPage();
    const asked: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/login/password")) asked.push(request.method());
    });
    await page.goto(`${base()}/app/account/changePassword`);
    const current = page.getByLabel("Current password");
    const fresh = page.getByLabel("New password", { exact: true });
    const confirm = page.getByLabel("Confirm the new password");
    const alert = page.getByRole("alert");
    const long = "Owls fly at night 1! ".repeat(14);
    await current.fill(DEMO_PASSWORD);
    await fresh.fill(long);
    await confirm.fill(long);
    await confirm.press("Enter");
    // Not "choose another password": it breaks the length rule, and says which.
    await eventually(() => alert.textContent()).toBe("The password may have at most 256 characters.");
    expect(asked).toEqual([]);
    // Each problem marks the field it is about, which reads it with its hint (not only the form's alert).
    const unmarked = { invalid: false, described: [] };
    const hint = "At least 10 characters.";
    expect(await fieldState(fresh)).toEqual({
      invalid: true,
      described: [hint, "The password may have at most 256 characters."],
    });
    expect(await fieldState(confirm)).toEqual(unmarked);
    await fresh.fill("another fine passphrase");
    await eventually(() => alert.count()).toBe(0);
    expect(await fieldState(fresh)).toEqual({ invalid: false, described: [hint] });
    await confirm.fill("another fine passphrasf");
    await confirm.press("Enter");
    await eventually(() => alert.textContent()).toBe("The two new passwords are different.");
    expect(await fieldState(confirm)).toEqual({
      invalid: true,
      described: ["The two new passwords are different."],
    });
    expect([await fieldState(current), await fieldState(fresh)]).toEqual([
      unmarked,
      { invalid: false, described: [hint] },
    ]);
    expect(asked).toEqual([]);
    await confirm.fill("another fine passphrase");
    await eventually(() => fieldState(confirm)).toEqual(unmarked);
    await current.fill("not my password at all");
    await confirm.press("Enter");
    await eventually(() => alert.textContent()).toBe("The password is not correct.");
    expect(asked).toEqual(["POST"]);
    await eventually(() => hasFocus(current)).toBe(true);
    expect(await fieldState(current)).toEqual({ invalid: true, described: ["The password is not correct."] });
    expect(await fieldState(confirm)).toEqual(unmarked);
    await current.fill(DEMO_PASSWORD);
    await eventually(() => alert.count()).toBe(0);
    expect(await fieldState(current)).toEqual(unmarked);
    await context.close();
  });

  it("changes the password with the current one", async () => {
    const context = await browser.newContext();
    await signIn(context, base(), "team-admin");
    const page = await context.newPage();
    await page.goto(`${base()}/app/account/changePassword`);
    await page.getByLabel("Current password").fill(DEMO_PASSWORD);
    await page.getByLabel("New password", { exact: true }).fill("a brand new passphrase");
    await page.getByLabel("Confirm the new password").fill("a brand new passphrase");
    // From the keyboard: while it works, the button keeps the focus (aria-disabled, a second Enter ignored).
    const change = await holdRequests(page, "/api/login/password");
    const submit = page.getByRole("button", { name: /^(Change password|Please wait…)$/ });
    await submit.press("Enter");
    await eventually(() => submit.getAttribute("aria-disabled")).toBe("true");
    expect(await hasFocus(submit)).toBe(true);
    await page.keyboard.press("Enter");
    change.release();
    await eventually(() => page.getByRole("status").first().textContent()).toContain(
      "Your password has been changed",
    );
    expect(change.count).toBe(1);
    expect(await hasFocus(submit)).toBe(true);
    await page.unroute("**/api/login/password");
    const again = await browser.newContext();
    const res = await again.request.post(`${base()}/api/login`, {
      data: { email: demoEmail("team-admin"), password: "a brand new passphrase" },
      headers: { Origin: base() },
    });
    expect(res.status()).toBe(200);
    // Other journeys sign in as this demo user too: give it its password back.
    const back = await again.request.post(`${base()}/api/login/password`, {
      data: { currentPassword: "a brand new passphrase", newPassword: DEMO_PASSWORD },
      headers: { Origin: base() },
    });
    expect(back.status()).toBe(200);
    await again.close();
    await context.close();
  });
});

describe("signed-in notices", () => {
  it("shows the release note and the onboarding tips until dismissed, then never again", async () => {
    const context = await browser.newContext();
    // A controllable clock: "no timeout" is checked by moving time on, not by waiting for it.
    await context.clock.install();
    // An account of its own: other journeys sign in as the demo users and dismiss these notices.
    const email = await signUpFresh(context, base(), "notices");
    const page = await context.newPage();
    await page.goto(`${base()}/app/account/settings`);
    const releaseNote = page.getByTestId("notification").filter({ hasText: "What's new" });
    const tips = page.getByTestId("notification").filter({ hasText: "Welcome to Switchboard!" });
    await eventually(() => releaseNote.count()).toBe(1);
    // The tips are about using the models: they wait for a plan.
    await reactSettled(page);
    expect(await tips.count()).toBe(0);
    await sql(
      `insert into hot.subscription ("userId", customer, subscription, amount, ok, quantity)
       select id, 'cus_tips' || id, 'sub_tips' || id, 1000, true, 1 from hot."user" where email = $1`,
      [email],
    );
    await page.reload();
    await eventually(() => tips.count()).toBe(1);
    // They wait for the reader: no timeout on these two (others close after 5 s).
    await page.clock.runFor(6_000);
    expect([await releaseNote.count(), await tips.count()]).toEqual([1, 1]);
    // On an account page they wait one at a time, the newest first (state/notification-host.css).
    await tips.getByRole("button", { name: "Got it" }).click();
    await releaseNote.getByRole("button", { name: "Got it" }).click();
    await eventually(async () => (await releaseNote.count()) + (await tips.count())).toBe(0);

    // Both were saved on the server: a new page load shows neither.
    await eventually(async () => {
      const user = await (await context.request.get(`${base()}/api/login/user`)).json();
      return [user.hasSeenOnboardingTips, user.lastReleaseNoteDateChecked !== null];
    }).toEqual([true, true]);
    const userLoaded = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/login/user");
    await page.reload();
    await userLoaded;
    await eventually(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Settings");
    // The notices are decided in effects once the user is known: let React's queued work run out.
    await reactSettled(page);
    expect([await releaseNote.count(), await tips.count()]).toEqual([0, 0]);
    await context.close();
  });

  it("are list items that announce themselves, beside an account menu named by the address it shows (axe)", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    // An account of its own: the demo users' notices are dismissed by other journeys.
    const email = await signUpFresh(context, base(), "notices-a11y");
    await sql(
      `insert into hot.subscription ("userId", customer, subscription, amount, ok, quantity)
       select id, 'cus_a11y' || id, 'sub_a11y' || id, 1000, true, 1 from hot."user" where email = $1`,
      [email],
    );
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    for (const path of ["/app/account/settings", "/app/a/default"]) {
      await page.goto(`${base()}${path}`);
      const notices = page.locator("ol.toasts > li");
      await eventually(() => notices.count()).toBeGreaterThan(0);
      // The account menu and the notices (the chat screen's other controls are other journeys' to audit).
      expect(
        await axeViolations(
          page,
          ["label-content-name-mismatch", "list", "listitem", "aria-allowed-role"],
          [".user-menu", ".toasts"],
        ),
      ).toEqual([]);
      // Its name starts with the words it shows (WCAG 2.5.3): a speech user says what they see.
      const menu = page.getByRole("button", { name: `${email}, account menu`, exact: true });
      expect(await menu.count()).toBe(1);
      expect(await menu.textContent()).toContain(email);
      // Each notice is still a live region of its own, now inside its list item, and the one on show is found
      // by that role.
      expect(
        await notices.evaluateAll((items) =>
          items.every((item) => item.querySelector('[role="status"], [role="alert"]') !== null),
        ),
      ).toBe(true);
      expect(await page.locator("ol.toasts").getByRole("status").count()).toBeGreaterThan(0);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it("installs the service worker at the root and says the app works offline", async () => {
    const context = await browser.newContext();
    await signIn(context, base(), "team-admin");
    const page = await context.newPage();
    // The page's clock runs as usual until the test moves it on (the notification's 5 s, below).
    await page.clock.install();
    await page.goto(`${base()}/app/account/settings/team`);
    const offline = page.getByTestId("notification").filter({ hasText: "Ready to work offline" });
    await eventually(() => offline.count(), 30_000).toBe(1);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope);
    expect(scope).toBe(`${base()}/`);
    // Installable: one link (vite-plugin-pwa writes it into the build) to a manifest that is served.
    const links = await page
      .locator('link[rel="manifest"]')
      .evaluateAll((found) => found.map((link) => link.getAttribute("href")));
    expect(links).toEqual(["/manifest.webmanifest"]);
    const manifest = await page.request.get(`${base()}/manifest.webmanifest`);
    expect(manifest.ok()).toBe(true);
    expect(((await manifest.json()) as { start_url?: string }).start_url).toBe("/");
    // An ordinary notification closes by itself after 5 s.
    await page.clock.fastForward(5_000);
    await eventually(() => offline.count(), 2_000).toBe(0);

    // An open chat's page comes from the Worker, with the chat's newest messages in its first frame, also
    // when the service worker answers the page's requests; offline, the service worker's copy of the shell.
    const headers = { "Content-Type": "application/json", Origin: base() };
    const created = await context.request.post(`${base()}/api/chat/new`, {
      headers,
      data: { assistantId: "default", model: "test", content: "Asked before going offline" },
    });
    const { chat } = (await created.json()) as { chat: { id: number } };
    await (await context.request.get(`${base()}/api/chat/${chat.id}/stream`)).text();
    const opened = await page.goto(`${base()}/app/a/default/c/${chat.id}`);
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    expect(await opened?.text()).toContain("Asked before going offline");
    await context.setOffline(true);
    const cached = await page.goto(`${base()}/app/a/default/c/${chat.id}`);
    expect(cached?.status()).toBe(200);
    const shell = (await cached?.text()) ?? "";
    expect(shell).toContain('<div id="root"');
    expect(shell).not.toContain("Asked before going offline");
    // On a network that answers nothing (a captive portal, a lost signal), the shell after a few seconds.
    await context.setOffline(false);
    await context.route(`${base()}/app/a/default/c/${chat.id}`, () => {});
    const started = Date.now();
    const stalled = await page.goto(`${base()}/app/a/default/c/${chat.id}`, { timeout: 20_000 });
    const waited = Date.now() - started;
    expect((await stalled?.text()) ?? "").toContain('<div id="root"');
    expect(waited).toBeGreaterThanOrEqual(3_500);
    expect(waited).toBeLessThan(10_000);
    await context.close();
  });

  it("signs out from the account menu and shows the home page", async () => {
    const context = await browser.newContext();
    await signIn(context, base(), "team-member2");
    const page = await context.newPage();
    await page.goto(`${base()}/app/account/settings`);
    await page.getByRole("button", { name: /, account menu$/ }).click();
    // While it signs out the item is unavailable, and looks it (dimmed like every busy button).
    const held = await holdRequests(page, "/api/logout");
    const signOut = page.getByRole("button", { name: "Sign out" });
    await signOut.click();
    await eventually(() => signOut.getAttribute("aria-disabled")).toBe("true");
    expect(Number(await signOut.evaluate((element) => getComputedStyle(element).opacity))).toBeLessThan(1);
    held.release();
    await eventually(() => pathOf(page)).toBe("/");
    expect((await context.request.get(`${base()}/api/login/user`)).status()).toBe(401);
    await context.close();
  });
});
