// Stripe's way back keeps the visitor's language: the addresses given to Checkout and to the billing portal
// carry the prefix of the page that left (X-Page-Locale), as that page would have been reopened without one;
// Checkout's page is in that language too.
import { describe, expect, it } from "vitest";
import { PAGE_LOCALE_HEADER } from "../../src/domain/locale-routing";
import type { TestAccount } from "./support/accounts";
import { api, json } from "./support/api";
import { accountOnPlan } from "./support/plans";
import { deliverEventsAfter, lastEventSeq, payCheckout, testStripe } from "./support/stripe";

const ORIGIN = "http://app.test";

async function checkout(
  account: TestAccount,
  headers: Record<string, string>,
  paths: object = {},
  cookie = account.cookie,
) {
  const res = await api("/api/billing/checkout", {
    cookie,
    headers,
    body: { plan: "starter", yearly: false, seats: 1, ...paths },
  });
  expect(res.status).toBe(200);
  const { url } = await json<{ url: string }>(res);
  return { url, session: await testStripe().checkout.sessions.retrieve(url.split("/").pop() ?? "") };
}

describe("Stripe's return addresses", () => {
  it("keep the page's prefix: Back on Checkout returns to the German subscription page", async () => {
    const account = await accountOnPlan("none");
    // The subscription page's own button, on a phone under /de/ (the client sends unprefixed paths).
    const { session } = await checkout(
      account,
      { [PAGE_LOCALE_HEADER]: "de" },
      { cancelPath: "/app/account/subscription?plan=starter", successPath: "/app/account/subscription" },
    );
    expect(session.cancel_url).toBe(`${ORIGIN}/de/app/account/subscription?plan=starter&checkout=cancelled`);
    expect(session.success_url).toBe(`${ORIGIN}/de/app/account/subscription?checkout=success`);
    // And Stripe's page itself speaks German; Catalan, which it lacks, leaves it to the browser.
    expect(session.locale).toBe("de");
    const catalan = await checkout(account, { [PAGE_LOCALE_HEADER]: "ca" });
    expect(catalan.session.locale).toBe("auto");
  });

  it("put the default page and a prefixed path under the page's language; English stays unprefixed", async () => {
    const account = await accountOnPlan("none");
    const polish = await checkout(
      account,
      { [PAGE_LOCALE_HEADER]: "pl" },
      { cancelPath: "/fr/pricing?plan=starter" },
    );
    expect(polish.session.cancel_url).toBe(`${ORIGIN}/pl/pricing?plan=starter&checkout=cancelled`);
    expect(polish.session.success_url).toBe(`${ORIGIN}/pl/app/account/subscription?checkout=success`);

    // An English page in a browser whose cookie says French: the page's language, English, wins.
    const english = await checkout(
      account,
      { [PAGE_LOCALE_HEADER]: "en" },
      {},
      `${account.cookie}; locale=fr`,
    );
    expect(english.session.cancel_url).toBe(`${ORIGIN}/app/account/subscription?checkout=cancelled`);
  });

  it("bring the portal back to the subscription page in the page's language, and open it in that language", async () => {
    const account = await accountOnPlan("none");
    const seq = await lastEventSeq();
    const { url } = await checkout(account, {});
    expect((await payCheckout(url)).status).toBe(303);
    await deliverEventsAfter(seq);

    const res = await api("/api/billing/portal", {
      cookie: account.cookie,
      headers: { [PAGE_LOCALE_HEADER]: "ro" },
      body: {},
    });
    expect(res.status).toBe(200);
    const portal = await (await fetch((await json<{ url: string }>(res)).url)).text();
    const back = /<a href="([^"]*)" data-testid="portal-return"/.exec(portal)?.[1];
    expect(back?.replaceAll("&amp;", "&")).toBe(`${ORIGIN}/ro/app/account/subscription?billing=updated`);
    // And Stripe's portal page itself speaks Romanian.
    expect(/<meta name="stripe-locale" content="([^"]*)">/.exec(portal)?.[1]).toBe("ro");
  });
});
