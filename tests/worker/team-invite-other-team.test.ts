// Inviting someone who is a member of another team: refused at once, naming the address, instead of a mail
// whose link could only answer "already in a team" to the invitee while its invitation held a seat for a week.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { devOutbox, teamInvitation } from "../../drizzle/schema";
import type { TeamView } from "../../src/domain/team";
import { createAccount, errorOf, type TestAccount, uniqueEmail, withDb } from "./support/accounts";
import { api, json } from "./support/api";
import { accountOnPlan } from "./support/plans";
import { mailedToken } from "./support/team";

const post = (path: string, cookie: string, body?: unknown) => api(path, { method: "POST", cookie, body });

async function joined(admin: TestAccount, member = undefined as TestAccount | undefined) {
  const person = member ?? (await createAccount());
  const invited = await post("/api/team/invite", admin.cookie, { emails: [person.email] });
  expect(invited.status, JSON.stringify(await invited.clone().json())).toBe(200);
  const res = await post("/api/team/accept", person.cookie, { token: await mailedToken(person.email) });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
  return person;
}

const invitationsOf = (adminUserId: number) =>
  withDb((db) => db.select().from(teamInvitation).where(eq(teamInvitation.adminUserId, adminUserId)));
const mailsTo = (email: string) => withDb((db) => db.select().from(devOutbox).where(eq(devOutbox.to, email)));

describe("POST /api/team/invite for a member of another team", () => {
  it("is refused with in_another_team, naming the address; nothing is stored or mailed", async () => {
    const admin = await accountOnPlan("standard", { seats: 4 });
    const otherAdmin = await accountOnPlan("standard", { seats: 3 });
    const member = await joined(otherAdmin);
    const mailsBefore = (await mailsTo(member.email)).length;

    const fresh = uniqueEmail("fresh");
    // However the address is written, and beside an address that could be invited.
    const res = await post("/api/team/invite", admin.cookie, {
      emails: [fresh, ` ${member.email.toUpperCase()} `],
    });
    expect(res.status).toBe(409);
    const error = await errorOf(res);
    expect(error).toMatchObject({
      code: "in_another_team",
      details: [{ path: "emails.1", message: "in another team" }],
    });
    expect(error.message).toBe(
      `${member.email} is already in another team. They can join yours once they have left it: ask them to leave their team, then invite them again.`,
    );
    // The request is refused whole, as for any other refusal: the fresh address is not invited either.
    expect(await invitationsOf(admin.id)).toEqual([]);
    expect(await mailsTo(member.email)).toHaveLength(mailsBefore);
    expect(await mailsTo(fresh)).toHaveLength(0);
    const view = await json<TeamView>(await api("/api/team", { cookie: admin.cookie }));
    expect(view).toMatchObject({ role: "admin", seatsOpen: 3, invitations: [] });

    // Once they have left that team, the same invitation goes through and they can join.
    expect((await post("/api/team/leave", member.cookie)).status).toBe(200);
    await joined(admin, member);
    expect(await json<TeamView>(await api("/api/team", { cookie: member.cookie }))).toMatchObject({
      role: "member",
      adminEmail: admin.email,
    });
  });

  it("refuses a resend once the invitee has joined another team meanwhile", async () => {
    const admin = await accountOnPlan("standard", { seats: 3 });
    const otherAdmin = await accountOnPlan("standard", { seats: 3 });
    const invitee = await createAccount();
    const first = await post("/api/team/invite", admin.cookie, { emails: [invitee.email] });
    expect(first.status).toBe(200);
    await joined(otherAdmin, invitee);

    const resend = await post("/api/team/invite", admin.cookie, { emails: [invitee.email] });
    expect(resend.status).toBe(409);
    expect(await errorOf(resend)).toMatchObject({
      code: "in_another_team",
      details: [{ path: "emails.0", message: "in another team" }],
    });
    // The pending invitation is left as it was (the refusal rolls back), for the admin to withdraw.
    expect((await invitationsOf(admin.id)).map((i) => i.email)).toEqual([invitee.email]);
  });

  it("still invites an admin of another team, a former member, or someone with an unverified claim", async () => {
    const admin = await accountOnPlan("standard", { seats: 5 });
    const otherAdmin = await accountOnPlan("standard", { seats: 3 });
    await joined(otherAdmin);
    const former = await joined(otherAdmin);
    expect((await post("/api/team/leave", former.cookie)).status).toBe(200);
    const unverified = await createAccount({ verified: false });
    const res = await post("/api/team/invite", admin.cookie, {
      emails: [otherAdmin.email, former.email, unverified.email],
    });
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
  });
});
