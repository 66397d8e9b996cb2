// Billing against the local Stripe server: checkout, signed webhooks (twice, in any order), portal, plan changes.
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { billingEvent, subscription, teamInvitation } from "../../drizzle/schema";
import { findSubscriptionOwner, forgetCustomer } from "../../src/db/subscriptions";
import type { TeamView } from "../../src/domain/team";
import type { User } from "../../src/domain/user";
import { createAccount, type TestAccount, uniqueEmail, withDb } from "./support/accounts";
import { api, json } from "./support/api";
import { accountOnPlan } from "./support/plans";
import {
  deliver,
  deliverEventsAfter,
  eventPayload,
  eventsAfter,
  failNextPayment,
  lastEventSeq,
  payCheckout,
  renewNow,
  signature,
  testStripe,
} from "./support/stripe";
import { mailedToken } from "./support/team";

type ErrorBody = { error: { code: string; details?: { path: string }[] } };

interface Summary {
  plan: string;
  seats: number | null;
  seatsInUse: number | null;
  pendingInvitations: number | null;
  yearly: boolean | null;
  status: string | null;
  cancelAtPeriodEnd: boolean;
  paymentFailed: boolean;
  canManage: boolean;
}

interface Preview {
  amountDue: number;
  credit: number;
  currency: string;
  nextPeriodAmount: number;
  prorationDate: number;
}

const summaryOf = async (account: TestAccount) =>
  json<Summary>(await api("/api/billing/subscription", { cookie: account.cookie }));

const planOf = async (account: TestAccount) =>
  (await json<{ usagePlan: string }>(await api("/api/login/user", { cookie: account.cookie }))).usagePlan;

const rowOf = (userId: number) =>
  withDb(
    async (db) => (await db.select().from(subscription).where(eq(subscription.userId, userId)))[0] ?? null,
  );

async function startCheckout(account: TestAccount, body: Record<string, unknown>) {
  const res = await api("/api/billing/checkout", { cookie: account.cookie, body });
  return { res, body: (await res.json()) as { url?: string } & ErrorBody };
}

/** A paying account made the way users become one: checkout, pay, Stripe's events delivered in order. */
async function subscribed(plan = "standard", seats = 1, yearly = false) {
  const account = await accountOnPlan("none");
  const seq = await lastEventSeq();
  const { body } = await startCheckout(account, { plan, yearly, seats });
  if (!body.url) throw new Error(`no checkout url: ${JSON.stringify(body)}`);
  expect((await payCheckout(body.url)).status).toBe(303);
  await deliverEventsAfter(seq);
  const row = await rowOf(account.id);
  if (!row) throw new Error("no subscription row after paying");
  return { account, row, checkoutUrl: body.url };
}

describe("checkout", () => {
  it("sells a plan by seats and interval; the plan arrives with Stripe's webhook", async () => {
    const account = await accountOnPlan("none");
    const seq = await lastEventSeq();
    const { res, body } = await startCheckout(account, {
      plan: "standard",
      yearly: true,
      seats: 2,
      cancelPath: "/pricing?plan=standard&users=2&yearly=true",
    });
    expect(res.status).toBe(200);
    const url = body.url ?? "";
    const sessionId = url.split("/").pop() ?? "";
    const session = await testStripe().checkout.sessions.retrieve(sessionId, { expand: ["line_items"] });
    expect(session.client_reference_id).toBe(String(account.id));
    expect(session.mode).toBe("subscription");
    expect(session.cancel_url).toBe(
      "http://app.test/pricing?plan=standard&users=2&yearly=true&checkout=cancelled",
    );
    const item = session.line_items?.data[0];
    expect(item?.quantity).toBe(2);
    expect(item?.price?.unit_amount).toBe(20000);
    expect(item?.price?.recurring?.interval).toBe("year");

    const paid = await payCheckout(url);
    expect(paid.status).toBe(303);
    expect(paid.location).toBe("http://app.test/app/account/subscription?checkout=success");
    // Paying alone changes nothing here: the plan comes with the webhook.
    expect(await planOf(account)).toBe("none");
    const delivered = await deliverEventsAfter(seq);
    expect(delivered.length).toBeGreaterThan(0);
    expect(await planOf(account)).toBe("standard");
    expect(await summaryOf(account)).toMatchObject({
      plan: "standard",
      seats: 2,
      seatsInUse: 1,
      yearly: true,
      status: "active",
      cancelAtPeriodEnd: false,
      paymentFailed: false,
      canManage: true,
    });
    const row = await rowOf(account.id);
    expect(row).toMatchObject({ amount: 20000, quantity: 2, ok: true, customerEmail: account.email });
    expect(row?.currentPeriodEnd?.getTime()).toBeGreaterThan(Date.now() + 360 * 86_400_000);
  });

  it("sells a plan again to an account whose Stripe customer is gone, as a new customer", async () => {
    // An ended row whose customer Stripe no longer knows (deleted in its dashboard): `cus_<id>` was never made.
    const account = await accountOnPlan("unsubscribed");
    expect((await rowOf(account.id))?.customer).toBe(`cus_${account.id}`);
    const seq = await lastEventSeq();
    const { res, body } = await startCheckout(account, { plan: "starter", yearly: false, seats: 1 });
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect((await payCheckout(body.url ?? "")).status).toBe(303);
    await deliverEventsAfter(seq);
    const row = await rowOf(account.id);
    expect(row).toMatchObject({ ok: true, amount: 1000 });
    expect(row?.customer).not.toBe(`cus_${account.id}`);
  });

  it("leaves a declined card on no plan", async () => {
    const account = await accountOnPlan("none");
    const seq = await lastEventSeq();
    const { body } = await startCheckout(account, { plan: "starter", yearly: false, seats: 1 });
    const declined = await payCheckout(body.url ?? "", { decline: true });
    expect(declined.status).not.toBe(303);
    expect(declined.html).toMatch(/declined/i);
    await deliverEventsAfter(seq);
    expect(await planOf(account)).toBe("none");
    expect(await rowOf(account.id)).toBeNull();
  });

  it("takes a promotion code, and refuses an unknown one naming the field", async () => {
    const account = await accountOnPlan("none");
    const good = await startCheckout(account, {
      plan: "expert",
      yearly: false,
      seats: 1,
      promocode: "WELCOME10",
    });
    expect(good.res.status).toBe(200);
    const session = await testStripe().checkout.sessions.retrieve(good.body.url?.split("/").pop() ?? "");
    expect(session.discounts?.length).toBe(1);
    const bad = await startCheckout(account, { plan: "expert", yearly: false, seats: 1, promocode: "NOPE" });
    expect(bad.res.status).toBe(400);
    expect(bad.body.error.code).toBe("promotion_code_invalid");
    expect(bad.body.error.details?.[0]?.path).toBe("promocode");
  });

  it("refuses a second plan, a team member's own plan, and nonsense", async () => {
    const { account } = await subscribed("starter");
    const again = await startCheckout(account, { plan: "expert", yearly: false, seats: 1 });
    expect(again.res.status).toBe(409);
    expect(again.body.error.code).toBe("already_subscribed");

    const admin = await accountOnPlan("standard", { seats: 3 });
    const member = await accountOnPlan("standard", { adminUserId: admin.id });
    const theirs = await startCheckout(member, { plan: "expert", yearly: false, seats: 1 });
    expect(theirs.res.status).toBe(409);
    expect(theirs.body.error.code).toBe("team_member");

    const fresh = await accountOnPlan("none");
    for (const body of [
      { plan: "gold", yearly: false, seats: 1 },
      { plan: "starter", yearly: "no", seats: 1 },
      { plan: "starter", yearly: false, seats: 0 },
      { plan: "starter", yearly: false, seats: 1.5 },
      { plan: "starter", yearly: false, seats: 100_000 },
    ]) {
      const res = await startCheckout(fresh, body);
      expect(res.res.status, JSON.stringify(body)).toBe(400);
    }
    // Nobody signed in: nothing to sell.
    expect(
      (await api("/api/billing/checkout", { body: { plan: "starter", yearly: false, seats: 1 } })).status,
    ).toBe(401);
  });

  it("sends an unsafe return path back to the subscription page instead", async () => {
    const account = await accountOnPlan("none");
    const { body } = await startCheckout(account, {
      plan: "starter",
      yearly: false,
      seats: 1,
      cancelPath: "//evil.example/x",
      successPath: "/\t/evil.example",
    });
    const session = await testStripe().checkout.sessions.retrieve(body.url?.split("/").pop() ?? "");
    expect(session.cancel_url).toBe("http://app.test/app/account/subscription?checkout=cancelled");
    expect(session.success_url).toBe("http://app.test/app/account/subscription?checkout=success");
    for (const unsafe of ["/\\evil.example/x", "javascript:alert(1)", "https://evil.example/"]) {
      const again = await startCheckout(account, {
        plan: "starter",
        yearly: false,
        seats: 1,
        cancelPath: unsafe,
        successPath: unsafe,
      });
      const back = await testStripe().checkout.sessions.retrieve(again.body.url?.split("/").pop() ?? "");
      expect(back.cancel_url, unsafe).toBe("http://app.test/app/account/subscription?checkout=cancelled");
      expect(back.success_url, unsafe).toBe("http://app.test/app/account/subscription?checkout=success");
    }
  });

  it("puts the way back's flag in the query of a path with a fragment, where the page reads it", async () => {
    const account = await accountOnPlan("none");
    const { body } = await startCheckout(account, {
      plan: "starter",
      yearly: false,
      seats: 1,
      cancelPath: "/app/a/default?x=1#y",
      successPath: "/app/account/subscription#plans",
    });
    const session = await testStripe().checkout.sessions.retrieve(body.url?.split("/").pop() ?? "");
    expect(session.cancel_url).toBe("http://app.test/app/a/default?x=1&checkout=cancelled#y");
    expect(session.success_url).toBe("http://app.test/app/account/subscription?checkout=success#plans");
    expect(new URL(session.cancel_url ?? "").searchParams.get("checkout")).toBe("cancelled");
  });
});

describe("the webhook", () => {
  it("answers 400 to a missing, forged or stale signature, and changes nothing", async () => {
    const { account, row } = await subscribed("starter");
    const [event] = await eventsAfter(0);
    if (!event) throw new Error("no event recorded");
    const payload = await eventPayload(event.id);
    const forged = payload.replace('"livemode": false', '"livemode": false ');
    const stale = await signature(payload).then((s) => s.replace(/t=\d+/, "t=1000000000"));
    for (const header of [null, "", "t=1,v1=deadbeef", await signature(payload, "whsec_wrong"), stale]) {
      const res = await deliver(payload, header);
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorBody).error.code).toBe("webhook_signature_invalid");
    }
    expect((await deliver(forged, await signature(payload))).status).toBe(400);
    expect(await rowOf(account.id)).toEqual(row);
  });

  it("acts once on an event delivered twice", async () => {
    const { account } = await subscribed("starter");
    const stripe = testStripe();
    const seq = await lastEventSeq();
    const row = await rowOf(account.id);
    await stripe.subscriptions.update(row?.subscription ?? "", { cancel_at_period_end: true });
    const [updated] = (await eventsAfter(seq)).filter((e) => e.type === "customer.subscription.updated");
    if (!updated) throw new Error("no update event");
    const payload = await eventPayload(updated.id);
    const first = await json<{ outcome: string }>(await deliver(payload));
    const second = await json<{ outcome: string }>(await deliver(payload));
    expect([first.outcome, second.outcome]).toEqual(["written", "duplicate"]);
    const recorded = await withDb((db) =>
      db.select().from(billingEvent).where(eq(billingEvent.id, updated.id)),
    );
    expect(recorded).toHaveLength(1);
    expect((await summaryOf(account)).cancelAtPeriodEnd).toBe(true);
  });

  it("ends on Stripe's newest state in 100 random orders of a whole lifecycle, duplicates included", async () => {
    const stripe = testStripe();
    const seq = await lastEventSeq();
    const { account, row } = await subscribed("starter", 1);
    const subId = row.subscription;
    const item = (await stripe.subscriptions.retrieve(subId)).items.data[0]?.id ?? "";
    const expert = (await stripe.prices.list({ lookup_keys: ["switchboard_expert_monthly"] })).data[0]?.id;
    const expertPrice =
      expert ??
      (
        await stripe.prices.create({
          currency: "eur",
          unit_amount: 6000,
          recurring: { interval: "month" },
          lookup_key: "switchboard_expert_monthly",
          product_data: { name: "Switchboard Expert" },
        })
      ).id;
    const afterCheckout = await lastEventSeq();
    // Seats up, plan up, a cancellation scheduled and taken back, then scheduled again.
    await stripe.subscriptions.update(subId, {
      items: [{ id: item, quantity: 3 }],
      proration_behavior: "always_invoice",
    });
    await stripe.subscriptions.update(subId, {
      items: [{ id: item, price: expertPrice }],
      proration_behavior: "always_invoice",
    });
    await stripe.subscriptions.update(subId, { cancel_at_period_end: true });
    await stripe.subscriptions.update(subId, { cancel_at_period_end: false });
    await stripe.subscriptions.update(subId, { cancel_at_period_end: true });
    const events = (await eventsAfter(seq)).filter((e) =>
      [
        "checkout.session.completed",
        "customer.subscription.created",
        "customer.subscription.updated",
        "invoice.paid",
        "invoice.payment_failed",
      ].includes(e.type),
    );
    expect(events.length).toBeGreaterThanOrEqual(8);
    const payloads = await Promise.all(events.map((e) => eventPayload(e.id)));
    // Delivered once, in order, these make the row every shuffled delivery must end on.
    await deliverEventsAfter(afterCheckout);
    const expected = await rowOf(account.id);
    expect(expected).toMatchObject({ amount: 6000, quantity: 3, ok: true, cancelAtPeriodEnd: true });

    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let round = 0; round < 100; round++) {
      await withDb(async (db) => {
        await db.delete(subscription).where(eq(subscription.userId, account.id));
        await db.delete(billingEvent).where(
          inArray(
            billingEvent.id,
            events.map((e) => e.id),
          ),
        );
      });
      // Each event once or twice, shuffled, delivered two at a time.
      const deliveries = payloads.flatMap((p) => (random() < 0.3 ? [p, p] : [p]));
      for (let i = deliveries.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [deliveries[i], deliveries[j]] = [deliveries[j] as string, deliveries[i] as string];
      }
      for (let i = 0; i < deliveries.length; i += 2) {
        const pair = deliveries.slice(i, i + 2).map((p) => deliver(p));
        for (const res of await Promise.all(pair)) expect(res.status).toBe(200);
      }
      const final = await rowOf(account.id);
      expect({ ...final, updatedAt: null }, `round ${round}`).toEqual({
        ...expected,
        updatedAt: null,
        createdAt: final?.createdAt,
      });
    }
  }, 180_000);
});

describe("an old subscription's news", () => {
  it("never takes the place of a plan bought after its payment lapsed", async () => {
    const { account, row: lapsed } = await subscribed("starter");
    // Two renewals declined in a row: Stripe stops retrying and marks the subscription unpaid.
    await failNextPayment(account.email, 2);
    const seq = await lastEventSeq();
    await renewNow(lapsed.subscription);
    await renewNow(lapsed.subscription);
    await deliverEventsAfter(seq);
    expect(await summaryOf(account)).toMatchObject({ status: "unpaid", paymentFailed: true });

    const { body } = await startCheckout(account, { plan: "expert", yearly: false, seats: 1 });
    if (!body.url) throw new Error(`no checkout url: ${JSON.stringify(body)}`);
    const paidSeq = await lastEventSeq();
    expect((await payCheckout(body.url)).status).toBe(303);
    await deliverEventsAfter(paidSeq);
    const bought = await rowOf(account.id);
    expect(bought).toMatchObject({ status: "active", amount: 6000, ok: true });
    expect(bought?.subscription).not.toBe(lapsed.subscription);

    // Stripe keeps invoicing the unpaid one each period; its news must not take the new plan away.
    const laterSeq = await lastEventSeq();
    await renewNow(lapsed.subscription);
    expect(await deliverEventsAfter(laterSeq)).not.toHaveLength(0);
    expect(await rowOf(account.id)).toMatchObject({ subscription: bought?.subscription, status: "active" });
    expect(await planOf(account)).toBe("expert");
  });

  it("never takes a team member out of the team, however late it arrives", async () => {
    const { account, row } = await subscribed("starter");
    const stripe = testStripe();
    const seq = await lastEventSeq();
    await stripe.subscriptions.update(row.subscription, { cancel_at_period_end: true });
    await stripe.subscriptions.cancel(row.subscription);
    const events = await eventsAfter(seq);
    const late = events.filter((e) => e.type === "customer.subscription.updated");
    expect(late).not.toHaveLength(0);
    for (const e of events.filter((e) => e.type === "customer.subscription.deleted")) {
      expect((await deliver(await eventPayload(e.id))).status).toBe(200);
    }
    expect(await summaryOf(account)).toMatchObject({ status: "canceled" });

    // Their own plan has ended, so they may join a team; then the earlier event arrives (Stripe retries).
    const admin = await accountOnPlan("standard", { seats: 3 });
    const invited = await api("/api/team/invite", {
      cookie: admin.cookie,
      body: { emails: [account.email] },
    });
    expect(invited.status).toBe(200);
    const token = await mailedToken(account.email);
    expect((await api("/api/team/accept", { cookie: account.cookie, body: { token } })).status).toBe(200);
    for (const e of late) expect((await deliver(await eventPayload(e.id))).status).toBe(200);

    expect(await rowOf(account.id)).toMatchObject({ adminUserId: admin.id, ownCustomer: true });
    expect(await planOf(account)).toBe("standard");
  });
});

describe("plan changes", () => {
  it("previews the prorated amount, then charges it and changes the row", async () => {
    const { account } = await subscribed("starter", 1);
    const change = { plan: "standard", yearly: false, seats: 2 };
    const preview = await json<Preview>(
      await api("/api/billing/preview", { cookie: account.cookie, body: change }),
    );
    // Two standard seats for (nearly) a whole month, less the starter seat already paid: about 40 − 10 €.
    expect(preview.amountDue).toBeGreaterThan(2_900);
    expect(preview.amountDue).toBeLessThanOrEqual(3_000);
    expect(preview.nextPeriodAmount).toBe(4_000);
    expect(preview.credit).toBe(0);
    const res = await api("/api/billing/change", {
      cookie: account.cookie,
      body: { ...change, prorationDate: preview.prorationDate },
    });
    expect(res.status).toBe(200);
    expect(await json<Summary>(res)).toMatchObject({ plan: "standard", seats: 2, yearly: false });
    expect(await rowOf(account.id)).toMatchObject({ amount: 2000, quantity: 2, ok: true });
    const invoices = await testStripe().invoices.list({
      customer: (await rowOf(account.id))?.customer ?? "",
    });
    expect(invoices.data.some((i) => i.amount_paid === preview.amountDue)).toBe(true);
  });

  it("previews fewer seats with Stripe's credit for the unused ones, which the change puts on the balance", async () => {
    const { account, row } = await subscribed("standard", 3);
    const change = { plan: "standard", yearly: false, seats: 2 };
    const res = await api("/api/billing/preview", { cookie: account.cookie, body: change });
    expect(res.status).toBe(200);
    const preview = await json<Preview>(res);
    expect(Object.keys(preview).sort()).toEqual([
      "amountDue",
      "credit",
      "currency",
      "nextPeriodAmount",
      "prorationDate",
    ]);
    // Three seats credited for what is left of the month, two charged for it: one seat back, about −20 €.
    expect(preview).toMatchObject({ amountDue: 0, currency: "eur", nextPeriodAmount: 4_000 });
    expect(preview.credit).toBeLessThan(-1_900);
    expect(preview.credit).toBeGreaterThanOrEqual(-2_000);
    // The credit is Stripe's own negative total for that change at that second.
    const item = (await testStripe().subscriptions.retrieve(row.subscription)).items.data[0];
    const stripes = await testStripe().invoices.createPreview({
      subscription: row.subscription,
      subscription_details: {
        items: [{ id: item?.id ?? "", quantity: 2 }],
        proration_behavior: "always_invoice",
        proration_date: preview.prorationDate,
      },
    });
    expect(
      stripes.lines.data.some((l) => l.amount < 0 && l.parent?.subscription_item_details?.proration),
    ).toBe(true);
    expect(preview.credit).toBe(stripes.total);

    const changed = await api("/api/billing/change", {
      cookie: account.cookie,
      body: { ...change, prorationDate: preview.prorationDate },
    });
    expect(changed.status).toBe(200);
    // Nothing goes back to the card: the next invoice uses the credit up.
    const customer = await testStripe().customers.retrieve(row.customer);
    expect(customer.deleted ? null : customer.balance).toBe(preview.credit);
  });

  it("takes back a scheduled cancellation: the plan paid for today goes on", async () => {
    const { account, row } = await subscribed("starter", 1);
    const seq = await lastEventSeq();
    await testStripe().subscriptions.update(row.subscription, { cancel_at_period_end: true });
    await deliverEventsAfter(seq);
    expect((await summaryOf(account)).cancelAtPeriodEnd).toBe(true);
    const res = await api("/api/billing/change", {
      cookie: account.cookie,
      body: { plan: "standard", yearly: false, seats: 1 },
    });
    expect(res.status).toBe(200);
    expect(await json<Summary>(res)).toMatchObject({ plan: "standard", cancelAtPeriodEnd: false });
    expect((await testStripe().subscriptions.retrieve(row.subscription)).cancel_at_period_end).toBe(false);
  });

  it("refuses fewer seats than the team uses with a clear 409, in the preview as in the change", async () => {
    const { account } = await subscribed("standard", 3);
    for (let i = 0; i < 2; i++) await accountOnPlan("standard", { adminUserId: account.id });
    for (const path of ["/api/billing/preview", "/api/billing/change"]) {
      const res = await api(path, {
        cookie: account.cookie,
        body: { plan: "standard", yearly: false, seats: 2 },
      });
      expect(res.status, path).toBe(409);
      const body = (await res.json()) as ErrorBody;
      expect(body.error.code, path).toBe("seats_below_members");
      expect(body.error.details?.[0]?.path, path).toBe("seats");
    }
    expect((await rowOf(account.id))?.quantity).toBe(3);
    expect((await summaryOf(account)).seatsInUse).toBe(3);
  });

  it("refuses a choice that changes nothing, in the preview as in the change, and charges nothing", async () => {
    for (const [plan, seats, yearly] of [
      ["standard", 1, true],
      ["starter", 1, false],
      ["expert", 3, false],
    ] as const) {
      const { account, row } = await subscribed(plan, seats, yearly);
      const invoicesBefore = (await testStripe().invoices.list({ customer: row.customer })).data.length;
      for (const path of ["/api/billing/preview", "/api/billing/change"]) {
        const res = await api(path, { cookie: account.cookie, body: { plan, yearly, seats } });
        expect(res.status, `${plan} ${path}`).toBe(409);
        expect(((await res.json()) as ErrorBody).error.code).toBe("no_change");
      }
      expect(await rowOf(account.id)).toMatchObject({ quantity: seats, amount: row.amount });
      expect((await testStripe().invoices.list({ customer: row.customer })).data.length).toBe(invoicesBefore);
      // Any one of the three differing is a change.
      const other = await api("/api/billing/preview", {
        cookie: account.cookie,
        body: { plan, yearly: !yearly, seats },
      });
      expect(other.status).toBe(200);
    }
  });

  it("refuses to sell the seat a pending invitation keeps, until it is withdrawn; an expired one keeps none", async () => {
    const { account } = await subscribed("standard", 4);
    for (let i = 0; i < 2; i++) await accountOnPlan("standard", { adminUserId: account.id });
    const invited = await api("/api/team/invite", {
      cookie: account.cookie,
      body: { emails: [uniqueEmail("pending")] },
    });
    expect(invited.status).toBe(200);
    await withDb((db) =>
      db.insert(teamInvitation).values({
        adminUserId: account.id,
        email: uniqueEmail("expired"),
        tokenHash: crypto.randomUUID(),
        expiresAt: new Date(Date.now() - 1_000),
      }),
    );
    const threeSeats = { plan: "standard", yearly: false, seats: 3 };
    for (const path of ["/api/billing/preview", "/api/billing/change"]) {
      const res = await api(path, { cookie: account.cookie, body: threeSeats });
      expect(res.status, path).toBe(409);
      const body = (await res.json()) as ErrorBody;
      expect(body.error.code, path).toBe("seats_held_by_invitations");
      expect(body.error.details?.[0]?.path, path).toBe("seats");
    }
    expect((await rowOf(account.id))?.quantity).toBe(4);
    // The summary carries what the change page needs to warn before Confirm: the expired one keeps no seat.
    expect(await summaryOf(account)).toMatchObject({ seats: 4, seatsInUse: 3, pendingInvitations: 1 });

    const view = await json<TeamView>(await api("/api/team", { cookie: account.cookie }));
    const pending = view.role === "admin" ? view.invitations.find((i) => !i.expired) : undefined;
    const withdrawn = await api("/api/team/invitations/withdraw", {
      cookie: account.cookie,
      body: { id: pending?.id },
    });
    expect(withdrawn.status).toBe(200);
    const changed = await api("/api/billing/change", { cookie: account.cookie, body: threeSeats });
    expect(changed.status).toBe(200);
    expect((await rowOf(account.id))?.quantity).toBe(3);
    expect(await json<Summary>(changed)).toMatchObject({ seats: 3, pendingInvitations: 0 });
  });

  it("has nothing to change for an account without a plan, or a member", async () => {
    const none = await accountOnPlan("none");
    const body = { plan: "standard", yearly: false, seats: 1 };
    const res = await api("/api/billing/preview", { cookie: none.cookie, body });
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).error.code).toBe("no_subscription");
    const admin = await accountOnPlan("standard", { seats: 2 });
    const member = await accountOnPlan("standard", { adminUserId: admin.id });
    const theirs = await api("/api/billing/change", { cookie: member.cookie, body });
    expect(((await theirs.json()) as ErrorBody).error.code).toBe("team_member");
    expect(await summaryOf(member)).toMatchObject({ seatsInUse: null, pendingInvitations: null });
  });
});

describe("a removed team member's notice", () => {
  it("goes once they pay for a plan of their own, however often its events arrive", async () => {
    const admin = await accountOnPlan("standard", { seats: 3 });
    const member = await createAccount();
    await api("/api/team/invite", { cookie: admin.cookie, body: { emails: [member.email] } });
    const token = await mailedToken(member.email);
    expect((await api("/api/team/accept", { cookie: member.cookie, body: { token } })).status).toBe(200);
    expect(
      (await api("/api/team/remove", { cookie: admin.cookie, body: { userId: member.id } })).status,
    ).toBe(200);
    const noticeOf = async () =>
      (await json<User>(await api("/api/login/user", { cookie: member.cookie }))).teamNotice;
    expect(await noticeOf()).toMatchObject({ kind: "removed", adminEmail: admin.email });

    const seq = await lastEventSeq();
    const { body } = await startCheckout(member, { plan: "starter", yearly: false, seats: 1 });
    expect((await payCheckout(body.url ?? "")).status).toBe(303);
    await deliverEventsAfter(seq);
    await deliverEventsAfter(seq);
    expect(await planOf(member)).toBe("starter");
    expect(await noticeOf()).toBeNull();
  });
});

describe("the customer portal", () => {
  it("opens for a paying account; a cancellation there shows as scheduled", async () => {
    const { account, row } = await subscribed("starter");
    const res = await api("/api/billing/portal", { cookie: account.cookie, body: {} });
    expect(res.status).toBe(200);
    const { url } = await json<{ url: string }>(res);
    const seq = await lastEventSeq();
    // The person presses "Cancel plan" on the portal page.
    const cancel = await fetch(`${url}/cancel`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ subscription: row.subscription, feedback: "too_expensive" }),
    });
    expect(cancel.status).toBe(303);
    await deliverEventsAfter(seq);
    expect(await summaryOf(account)).toMatchObject({
      plan: "starter",
      cancelAtPeriodEnd: true,
      status: "active",
    });

    const none = await accountOnPlan("none");
    const refused = await api("/api/billing/portal", { cookie: none.cookie, body: {} });
    expect(refused.status).toBe(409);
  });

  it("says there is nothing to manage once Stripe's customer is gone, not that payments are down", async () => {
    // An ended row whose customer Stripe no longer knows (deleted in its dashboard): `cus_<id>` was never made.
    const account = await accountOnPlan("unsubscribed");
    expect((await summaryOf(account)).canManage).toBe(true);
    const res = await api("/api/billing/portal", { cookie: account.cookie, body: {} });
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).error.code).toBe("billing_account_missing");
    // What the page offers instead: a new plan, as a new customer.
    const { res: checkout } = await startCheckout(account, { plan: "starter", yearly: false, seats: 1 });
    expect(checkout.status).toBe(200);
  });

  it("forgets a customer deleted at Stripe, so Manage billing stays gone after a reload, until a new plan", async () => {
    const { account, row } = await subscribed("standard");
    const old = row.customer;
    const seq = await lastEventSeq();
    // Deleted in Stripe's dashboard: its subscription ends with it (Stripe's events are not delivered yet).
    expect(await testStripe().customers.del(old)).toMatchObject({ id: old, deleted: true });
    expect((await summaryOf(account)).canManage).toBe(true);
    const res = await api("/api/billing/portal", { cookie: account.cookie, body: {} });
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).error.code).toBe("billing_account_missing");
    // The page reloads: nothing to manage any more.
    expect((await summaryOf(account)).canManage).toBe(false);
    expect((await rowOf(account.id))?.customer).toBe("");

    // Stripe's events of the deletion arrive, out of order and twice: the plan ends, the customer stays gone.
    const deletion = await eventsAfter(seq);
    expect(deletion.map((e) => e.type)).toContain("customer.subscription.deleted");
    for (const e of [...deletion].reverse())
      expect((await deliver(await eventPayload(e.id))).status).toBe(200);
    await deliverEventsAfter(seq);
    expect(await summaryOf(account)).toMatchObject({ plan: "unsubscribed", canManage: false });
    expect((await rowOf(account.id))?.customer).toBe("");

    // A new plan makes a new customer, and its webhook writes it: Manage billing is back, for that one.
    const again = await lastEventSeq();
    const { body } = await startCheckout(account, { plan: "starter", yearly: false, seats: 1 });
    expect((await payCheckout(body.url ?? "")).status).toBe(303);
    const paid = await eventsAfter(again);
    for (const e of [...paid].reverse()) expect((await deliver(await eventPayload(e.id))).status).toBe(200);
    await deliverEventsAfter(seq);
    expect(await summaryOf(account)).toMatchObject({ plan: "starter", canManage: true });
    const renewed = await rowOf(account.id);
    expect(renewed?.customer).toMatch(/^cus_/);
    expect(renewed?.customer).not.toBe(old);
    expect((await api("/api/billing/portal", { cookie: account.cookie, body: {} })).status).toBe(200);
  });

  it("clears the stored customer only if it is still the one Stripe does not know", async () => {
    const { account, row } = await subscribed("starter");
    // A webhook wrote a new customer between the portal's read and its clearing: the new one stays.
    expect(await withDb((db) => forgetCustomer(db, { userId: account.id, customer: "cus_elsewhere" }))).toBe(
      false,
    );
    expect((await rowOf(account.id))?.customer).toBe(row.customer);
    expect(await withDb((db) => forgetCustomer(db, { userId: account.id, customer: row.customer }))).toBe(
      true,
    );
    expect((await rowOf(account.id))?.customer).toBe("");
    // Once forgotten, an event naming no customer finds no account by it.
    expect(await withDb((db) => forgetCustomer(db, { userId: account.id, customer: "" }))).toBe(false);
    expect(
      await withDb((db) => findSubscriptionOwner(db, { subscriptionId: "sub_unknown", customer: "" })),
    ).toBeNull();
  });
});

describe("deleting a paying account", () => {
  it("cancels its subscription at Stripe before anything is deleted", async () => {
    const { account, row } = await subscribed("starter");
    const res = await api("/api/login/delete", { cookie: account.cookie, body: { email: account.email } });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await testStripe().subscriptions.retrieve(row.subscription)).status).toBe("canceled");
  });
});
