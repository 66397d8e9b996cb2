// Teams (issue #18): seats, invitations (hashed, single use, 7 days), joining under the admin's lock, removal,
// leaving, cancellation and the pooled usage every member sees.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { chat, subscription, teamInvitation, user } from "../../drizzle/schema";
import { newSessionToken, sha256Hex } from "../../src/auth/tokens";
import { findSubscriptionOwner } from "../../src/db/subscriptions";
import type { TeamView } from "../../src/domain/team";
import { quotaLimit } from "../../src/domain/usage";
import type { User } from "../../src/domain/user";
import { call, createAccount, errorOf, type TestAccount, uniqueEmail, withDb } from "./support/accounts";
import { api, json } from "./support/api";
import { accountOnPlan, addUsage } from "./support/plans";
import { mailedToken } from "./support/team";

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

const post = (path: string, cookie: string, body?: unknown) => api(path, { method: "POST", cookie, body });

const team = async (cookie: string) => json<TeamView>(await api("/api/team", { cookie }));
const me = async (cookie: string) => json<User>(await api("/api/login/user", { cookie }));

async function invite(admin: TestAccount, emails: string[]) {
  const res = await post("/api/team/invite", admin.cookie, { emails });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
  return json<{ invited: { email: string; mailed: boolean }[]; team: TeamView }>(res);
}

/** An invitation written straight to the table (for expiry and for more invitations than seats). */
async function storedInvitation(
  adminUserId: number,
  email: string,
  expiresAt = new Date(Date.now() + 86_400_000),
) {
  const token = newSessionToken();
  const tokenHash = await sha256Hex(token);
  await withDb((db) => db.insert(teamInvitation).values({ adminUserId, email, tokenHash, expiresAt }));
  return token;
}

async function joined(admin: TestAccount) {
  const member = await createAccount();
  await invite(admin, [member.email]);
  const res = await post("/api/team/accept", member.cookie, { token: await mailedToken(member.email) });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
  return member;
}

describe("GET /api/team", () => {
  it("shows the admin the seats, the members with their usage, the invitations; a member the admin", async () => {
    const admin = await accountOnPlan("standard", { seats: 4 });
    const member = await joined(admin);
    const invitee = uniqueEmail("pending");
    await invite(admin, [invitee]);
    await addUsage(member.id, "text", 3);
    await addUsage(admin.id, "image", 2);

    const view = await team(admin.cookie);
    if (view.role !== "admin") throw new Error(`admin view expected, got ${view.role}`);
    expect(view).toMatchObject({ plan: "standard", seats: 4, seatsUsed: 2, seatsOpen: 1 });
    expect(view.members.map((m) => [m.email, m.isAdmin, m.usage.text, m.usage.image])).toEqual([
      [admin.email, true, 0, 2],
      [member.email, false, 3, 0],
    ]);
    expect(view.invitations.map((i) => [i.email, i.expired])).toEqual([[invitee, false]]);
    expect(view.pooledUsage).toMatchObject({ text: 3, image: 2 });

    expect(await team(member.cookie)).toMatchObject({
      role: "member",
      plan: "standard",
      adminEmail: admin.email,
      seats: 4,
    });
    const loner = await createAccount();
    expect(await team(loner.cookie)).toEqual({ role: "none", plan: "none" });
  });
});

describe("POST /api/team/invite", () => {
  it("mails each address a link whose token is stored only hashed, for 7 days", async () => {
    const admin = await accountOnPlan("starter", { seats: 3 });
    const emails = [uniqueEmail("a"), uniqueEmail("b")];
    const { invited } = await invite(admin, [
      emails[0] ?? "",
      ` ${emails[1]?.toUpperCase()} `,
      emails[0] ?? "",
    ]);
    expect(invited).toEqual(emails.map((email) => ({ email, mailed: true })));
    const token = await mailedToken(emails[0] ?? "");
    const rows = await withDb((db) =>
      db.select().from(teamInvitation).where(eq(teamInvitation.adminUserId, admin.id)),
    );
    expect(rows).toHaveLength(2);
    const row = rows.find((r) => r.email === emails[0]);
    expect(row?.tokenHash).toBe(await sha256Hex(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    const days = ((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);
  });

  it("refuses an invitation beyond the free seats with no_free_seat, counting pending invitations", async () => {
    const admin = await accountOnPlan("standard", { seats: 2 });
    const res = await post("/api/team/invite", admin.cookie, { emails: [uniqueEmail(), uniqueEmail()] });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe("no_free_seat");
    await invite(admin, [uniqueEmail()]);
    const more = await post("/api/team/invite", admin.cookie, { emails: [uniqueEmail()] });
    expect((await errorOf(more)).message).toMatch(/add seats/);
    const solo = await accountOnPlan("standard");
    expect(
      (await errorOf(await post("/api/team/invite", solo.cookie, { emails: [uniqueEmail()] }))).code,
    ).toBe("no_free_seat");
  });

  it("lets only the admin invite, withdraw and remove (403), and says what was wrong with bad input", async () => {
    const admin = await accountOnPlan("standard", { seats: 3 });
    const member = await joined(admin);
    const nobody = await createAccount();
    for (const who of [member, nobody]) {
      const invited = await post("/api/team/invite", who.cookie, { emails: [uniqueEmail()] });
      expect(invited.status).toBe(403);
      expect((await errorOf(invited)).code).toBe("not_team_admin");
      expect((await post("/api/team/invitations/withdraw", who.cookie, { id: 1 })).status).toBe(403);
      expect((await post("/api/team/remove", who.cookie, { userId: admin.id })).status).toBe(403);
    }
    const bad = await post("/api/team/invite", admin.cookie, { emails: ["not an address"] });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await errorOf(bad))).toContain("emails");
    expect((await post("/api/team/invite", admin.cookie, { emails: [] })).status).toBe(400);
    // One's own address, however written, is refused with a code of its own: the page says why, not "invalid email".
    const self = await post("/api/team/invite", admin.cookie, {
      emails: [uniqueEmail(), ` ${admin.email.toUpperCase()} `],
    });
    expect(self.status).toBe(409);
    expect(await errorOf(self)).toMatchObject({
      code: "cannot_invite_self",
      details: [{ path: "emails.1", message: "your own address" }],
    });
    const again = await post("/api/team/invite", admin.cookie, { emails: [member.email] });
    expect((await errorOf(again)).code).toBe("already_in_team");
  });

  it("a resend replaces the link; a withdrawn invitation's link stops working; another team's id is 404", async () => {
    const admin = await accountOnPlan("standard", { seats: 3 });
    const other = await accountOnPlan("standard", { seats: 3 });
    const invitee = await createAccount();
    await invite(admin, [invitee.email]);
    const first = await mailedToken(invitee.email);
    const { team: view } = await invite(admin, [invitee.email]);
    const second = await mailedToken(invitee.email);
    expect(second).not.toBe(first);
    if (view.role !== "admin") throw new Error("admin view expected");
    expect(view.invitations).toHaveLength(1);
    const stale = await post("/api/team/accept", invitee.cookie, { token: first });
    expect(stale.status).toBe(404);
    expect((await errorOf(stale)).code).toBe("invitation_invalid");

    const id = view.invitations[0]?.id ?? 0;
    expect((await post("/api/team/invitations/withdraw", other.cookie, { id })).status).toBe(404);
    expect((await post("/api/team/invitations/withdraw", admin.cookie, { id })).status).toBe(200);
    expect((await post("/api/team/accept", invitee.cookie, { token: second })).status).toBe(404);
  });
});

describe("POST /api/team/accept", () => {
  it("joins once: the token is single-use, its preview says who invited, the plan is the team's", async () => {
    const admin = await accountOnPlan("expert", { seats: 2 });
    const invitee = await createAccount();
    await invite(admin, [invitee.email]);
    const token = await mailedToken(invitee.email);
    const preview = await call("/api/team/invitation", { body: { token } });
    expect(await preview.json()).toMatchObject({
      email: invitee.email,
      adminEmail: admin.email,
      plan: "expert",
      state: "pending",
    });
    expect((await post("/api/team/accept", invitee.cookie, { token })).status).toBe(200);
    expect(await me(invitee.cookie)).toMatchObject({ usagePlan: "expert", seats: 2, isTeamMember: true });
    const again = await post("/api/team/accept", invitee.cookie, { token });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe("invitation_used");
    const badToken = await post("/api/team/accept", invitee.cookie, { token: "short" });
    expect(badToken.status).toBe(400);
  });

  it("refuses an expired invitation (410) and another address's (403)", async () => {
    const admin = await accountOnPlan("standard", { seats: 3 });
    const invitee = await createAccount();
    const expired = await storedInvitation(admin.id, invitee.email, new Date(Date.now() - 1000));
    const res = await post("/api/team/accept", invitee.cookie, { token: expired });
    expect(res.status).toBe(410);
    expect((await errorOf(res)).code).toBe("invitation_expired");
    const stranger = await createAccount();
    const mailed = await storedInvitation(admin.id, uniqueEmail("other"));
    const wrong = await post("/api/team/accept", stranger.cookie, { token: mailed });
    expect(wrong.status).toBe(403);
    expect((await errorOf(wrong)).code).toBe("invitation_wrong_email");
  });

  it("refuses a user paying for their own plan, and says so; once it has ended they may join", async () => {
    const admin = await accountOnPlan("standard", { seats: 3 });
    const payer = await accountOnPlan("starter");
    await invite(admin, [payer.email]);
    const token = await mailedToken(payer.email);
    const res = await post("/api/team/accept", payer.cookie, { token });
    expect(res.status).toBe(409);
    const error = await errorOf(res);
    expect(error.code).toBe("own_plan_active");
    // True whether or not the plan is already cancelled (at its period's end).
    expect(error.message).toMatch(/once it has ended\. Cancel it first if you have not already/);
    expect((await me(payer.cookie)).usagePlan).toBe("starter");

    await withDb((db) =>
      db.update(subscription).set({ ok: false, status: "canceled" }).where(eq(subscription.userId, payer.id)),
    );
    expect((await post("/api/team/accept", payer.cookie, { token })).status).toBe(200);
    expect((await me(payer.cookie)).usagePlan).toBe("standard");
  });

  it("refuses an admin whose own plan ended while their team still has members, and says that", async () => {
    const leader = await accountOnPlan("standard", { seats: 2 });
    await joined(leader);
    await withDb((db) =>
      db
        .update(subscription)
        .set({ ok: false, status: "canceled" })
        .where(eq(subscription.userId, leader.id)),
    );
    const other = await accountOnPlan("standard", { seats: 3 });
    await invite(other, [leader.email]);
    const res = await post("/api/team/accept", leader.cookie, { token: await mailedToken(leader.email) });
    expect(res.status).toBe(409);
    const error = await errorOf(res);
    // Not "you pay for your own plan": that plan has ended; the members are what stands in the way.
    expect(error.code).toBe("team_has_members");
    expect(error.message).toMatch(/still has members/);
  });

  it("confirms an unverified invitee's address: the mailed link proves it", async () => {
    const admin = await accountOnPlan("standard", { seats: 2 });
    const invitee = await createAccount({ verified: false });
    expect((await api("/api/team", { cookie: invitee.cookie })).status).toBe(403);
    await invite(admin, [invitee.email]);
    const res = await post("/api/team/accept", invitee.cookie, { token: await mailedToken(invitee.email) });
    expect(res.status).toBe(200);
    const [row] = await withDb((db) =>
      db.select({ verified: user.verified }).from(user).where(eq(user.id, invitee.id)),
    );
    expect(row?.verified).toBe(true);
    expect((await me(invitee.cookie)).usagePlan).toBe("standard");
  });

  it("50 invitees accepting at once for the last free seat: exactly one joins", async () => {
    const admin = await accountOnPlan("standard", { seats: 3 });
    await joined(admin);
    const invitees = await Promise.all(
      Array.from({ length: 50 }, () => createAccount({ hashedPassword: null })),
    );
    const tokens: string[] = [];
    for (const invitee of invitees) tokens.push(await storedInvitation(admin.id, invitee.email));
    const answers = await Promise.all(
      invitees.map((invitee, i) => post("/api/team/accept", invitee.cookie, { token: tokens[i] })),
    );
    const statuses = answers.map((r) => r.status);
    expect(count(statuses, 200), JSON.stringify(statuses)).toBe(1);
    expect(count(statuses, 409)).toBe(49);
    const codes = await Promise.all(answers.filter((r) => r.status === 409).map((r) => errorOf(r)));
    expect(new Set(codes.map((e) => e.code))).toEqual(new Set(["no_free_seat"]));
    const view = await team(admin.cookie);
    expect(view).toMatchObject({ role: "admin", seats: 3, seatsUsed: 3 });
  });
});

describe("removing, leaving, cancelling", () => {
  it("removal drops the member to none, keeps their chats, and tells them why at their next visit", async () => {
    const admin = await accountOnPlan("standard", { seats: 3 });
    const member = await joined(admin);
    const sent = await api("/api/chat/new", {
      cookie: member.cookie,
      body: { assistantId: "default", model: "test", content: "mine to keep" },
    });
    expect(sent.status).toBe(201);
    const other = await accountOnPlan("standard", { seats: 3 });
    expect((await post("/api/team/remove", other.cookie, { userId: member.id })).status).toBe(404);
    expect((await post("/api/team/remove", admin.cookie, { userId: member.id })).status).toBe(200);
    const after = await me(member.cookie);
    expect(after).toMatchObject({
      usagePlan: "none",
      isTeamMember: false,
      teamNotice: { kind: "removed", adminEmail: admin.email },
    });
    const chats = await withDb((db) => db.select().from(chat).where(eq(chat.user, member.id)));
    expect(chats.length).toBeGreaterThan(0);
    expect((await post("/api/team/remove", admin.cookie, { userId: member.id })).status).toBe(404);
    expect((await post("/api/team/notice/dismiss", member.cookie)).status).toBe(200);
    expect((await me(member.cookie)).teamNotice).toBeNull();
    expect(await team(admin.cookie)).toMatchObject({ seatsUsed: 1 });
  });

  it("a member may leave; anyone else is told they are in no team", async () => {
    const admin = await accountOnPlan("standard", { seats: 3 });
    const member = await joined(admin);
    expect((await post("/api/team/leave", member.cookie)).status).toBe(200);
    expect(await me(member.cookie)).toMatchObject({ usagePlan: "none", teamNotice: null });
    const again = await post("/api/team/leave", member.cookie);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe("not_team_member");
    expect((await post("/api/team/leave", admin.cookie)).status).toBe(409);
  });

  it("someone who once paid for themselves gets their own Stripe customer back on leaving or removal", async () => {
    const admin = await accountOnPlan("standard", { seats: 3 });
    const summary = async (cookie: string) =>
      json<{ plan: string; canManage: boolean; teamMember: boolean; status: string | null }>(
        await api("/api/billing/subscription", { cookie }),
      );
    const rowOf = async (userId: number) =>
      (await withDb((db) => db.select().from(subscription).where(eq(subscription.userId, userId))))[0];
    for (const ending of ["leave", "remove"] as const) {
      const former = await accountOnPlan("starter");
      await withDb((db) =>
        db
          .update(subscription)
          .set({ ok: false, status: "canceled" })
          .where(eq(subscription.userId, former.id)),
      );
      const own = await rowOf(former.id);
      await invite(admin, [former.email]);
      const accepted = await post("/api/team/accept", former.cookie, {
        token: await mailedToken(former.email),
      });
      expect(accepted.status).toBe(200);
      expect(await me(former.cookie)).toMatchObject({ usagePlan: "standard", isTeamMember: true });
      expect(await summary(former.cookie)).toMatchObject({
        plan: "standard",
        teamMember: true,
        canManage: false,
      });
      expect(await rowOf(former.id)).toMatchObject({ adminUserId: admin.id, customer: own?.customer });
      // Stripe's events about that customer find no owner while they are a member (a member row never is).
      const ownerOfTheirs = () =>
        withDb((db) =>
          findSubscriptionOwner(db, {
            subscriptionId: own?.subscription ?? "",
            customer: own?.customer ?? "",
          }),
        );
      expect(await ownerOfTheirs()).toBeNull();
      const admins = await rowOf(admin.id);

      const ended =
        ending === "leave"
          ? await post("/api/team/leave", former.cookie)
          : await post("/api/team/remove", admin.cookie, { userId: former.id });
      expect(ended.status).toBe(200);
      expect(await rowOf(former.id)).toMatchObject({
        adminUserId: null,
        customer: own?.customer,
        subscription: own?.subscription,
        ok: false,
        status: "canceled",
      });
      expect((await me(former.cookie)).usagePlan).toBe("unsubscribed");
      expect(await ownerOfTheirs()).toBe(former.id);
      // Their invoices stay reachable in the portal, and a checkout reuses the row's customer.
      expect(await summary(former.cookie)).toMatchObject({
        plan: "unsubscribed",
        teamMember: false,
        canManage: true,
      });
      expect(await rowOf(admin.id)).toEqual(admins);
    }
    expect(await team(admin.cookie)).toMatchObject({ seatsUsed: 1 });
  });

  it("cancelling the admin's subscription ends every member's access at the same moment", async () => {
    const admin = await accountOnPlan("standard", { seats: 3 });
    const member = await joined(admin);
    await withDb((db) =>
      db.update(subscription).set({ ok: false, status: "canceled" }).where(eq(subscription.userId, admin.id)),
    );
    expect((await me(member.cookie)).usagePlan).toBe("unsubscribed");
    const refused = await api("/api/chat/new", {
      cookie: member.cookie,
      body: { assistantId: "default", model: "test", content: "after the end" },
    });
    expect(refused.status).toBe(402);
    const late = await post("/api/team/invite", admin.cookie, { emails: [uniqueEmail()] });
    expect((await errorOf(late)).code).toBe("team_unavailable");
  });
});

describe("pooled usage", () => {
  it("admin and member see the same pooled counts and seats in their user objects, as the quota counts", async () => {
    const admin = await accountOnPlan("standard", { seats: 2 });
    const member = await joined(admin);
    await addUsage(admin.id, "text", 5);
    const sent = await api("/api/chat/new", {
      cookie: member.cookie,
      body: { assistantId: "default", model: "test", content: "pooled" },
    });
    expect(sent.status).toBe(201);
    const [a, m] = await Promise.all([me(admin.cookie), me(member.cookie)]);
    expect(a.pooledUsageCounts.text).toBe(6);
    expect(m.pooledUsageCounts).toEqual(a.pooledUsageCounts);
    expect([a.seats, m.seats]).toEqual([2, 2]);
    expect(m.usageCounts.text).toBe(1);
    const solo = await accountOnPlan("starter");
    await addUsage(solo.id, "text", 2);
    const s = await me(solo.cookie);
    expect([s.seats, s.pooledUsageCounts.text, s.usageCounts.text]).toEqual([1, 2, 2]);
  });

  // A removal must not free the pool: requests made in the team count in it until they leave its window,
  // whoever made them and wherever they are now (SPEC §4: the team's requests against limit × seats).
  it("keeps a removed member's requests in the pool: the admin's view, the gate, and a newcomer's", async () => {
    const admin = await accountOnPlan("starter", { seats: 2 });
    const member = await joined(admin);
    for (const model of ["test", "test", "test-image", "test-reasoning"]) {
      const sent = await api("/api/chat/new", {
        cookie: member.cookie,
        body: { assistantId: "default", model, content: "spent in the team" },
      });
      expect(sent.status, model).toBe(201);
    }
    const spent = { text: 2, image: 1, reasoning: 1, long: 0 };
    expect(await team(admin.cookie)).toMatchObject({ pooledUsage: spent });

    expect((await post("/api/team/remove", admin.cookie, { userId: member.id })).status).toBe(200);
    const view = await team(admin.cookie);
    if (view.role !== "admin") throw new Error(`admin view expected, got ${view.role}`);
    expect(view.members.map((m) => m.email)).toEqual([admin.email]);
    expect(view.pooledUsage).toEqual(spent);
    expect((await me(admin.cookie)).pooledUsageCounts).toEqual(spent);

    // The gate counts them too: the admin has limit × seats less the member's 2 text requests.
    const limit = quotaLimit("starter", "text", 2);
    await addUsage(admin.id, "text", limit - 2 - 1);
    const send = (cookie: string) =>
      api("/api/chat/new", { cookie, body: { assistantId: "default", model: "test", content: "pooled" } });
    expect((await send(admin.cookie)).status).toBe(201);
    const refused = await send(admin.cookie);
    expect(refused.status).toBe(429);
    expect((await errorOf(refused)).code).toBe("quota_reached");

    // Nor does the freed seat bring a fresh pool: the next member finds it spent.
    const newcomer = await joined(admin);
    expect((await me(newcomer.cookie)).pooledUsageCounts.text).toBe(limit);
    expect((await send(newcomer.cookie)).status).toBe(429);
  });
});
