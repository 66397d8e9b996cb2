// Inviting someone who is a member of another team: the invite answers as for any address (it never tells an
// admin whether an address has an account or a team); the invitee's failed join declines it, frees its seat, and
// only then does the admin see why; a resend replaces it.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { devOutbox, teamInvitation } from "../../drizzle/schema";
import type { InvitationPreview, TeamView } from "../../src/domain/team";
import { createAccount, errorOf, type TestAccount, uniqueEmail, withDb } from "./support/accounts";
import { api, json } from "./support/api";
import { accountOnPlan } from "./support/plans";
import { mailedToken } from "./support/team";

const post = (path: string, cookie: string, body?: unknown) => api(path, { method: "POST", cookie, body });
const accept = (person: TestAccount, token: string) => post("/api/team/accept", person.cookie, { token });

interface InviteAnswer {
  invited: { email: string; mailed: boolean }[];
  team: TeamView;
}

async function invite(admin: TestAccount, emails: string[]): Promise<InviteAnswer> {
  const res = await post("/api/team/invite", admin.cookie, { emails });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
  return json<InviteAnswer>(res);
}

async function joined(admin: TestAccount, member = undefined as TestAccount | undefined) {
  const person = member ?? (await createAccount());
  await invite(admin, [person.email]);
  const res = await accept(person, await mailedToken(person.email));
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
  return person;
}

async function adminView(admin: TestAccount) {
  const view = await json<TeamView>(await api("/api/team", { cookie: admin.cookie }));
  if (view.role !== "admin") throw new Error(`admin view expected, got ${view.role}`);
  return view;
}

const invitationsOf = (adminUserId: number) =>
  withDb((db) => db.select().from(teamInvitation).where(eq(teamInvitation.adminUserId, adminUserId)));
const mailsTo = (email: string) => withDb((db) => db.select().from(devOutbox).where(eq(devOutbox.to, email)));
const preview = async (token: string) =>
  json<InvitationPreview>(await api("/api/team/invitation", { method: "POST", body: { token } }));

/** An admin with `seats`, and a member of another team (verified, with a password: a real account). */
async function setting(seats = 3) {
  const admin = await accountOnPlan("standard", { seats });
  const otherAdmin = await accountOnPlan("standard", { seats: 3 });
  const member = await joined(otherAdmin);
  return { admin, otherAdmin, member };
}

describe("POST /api/team/invite for a member of another team", () => {
  it("answers as for an address with no account: same status, same body, a mail, a held seat", async () => {
    const { admin, member } = await setting(4);
    const fresh = uniqueEmail("fresh");
    const mailsBefore = (await mailsTo(member.email)).length;

    const forMember = await invite(admin, [` ${member.email.toUpperCase()} `]);
    const forFresh = await invite(admin, [fresh]);
    // Nothing in the answer tells them apart: each is invited and mailed, each row pending alike.
    expect(forMember.invited).toEqual([{ email: member.email, mailed: true }]);
    expect(forFresh.invited).toEqual([{ email: fresh, mailed: true }]);
    const view = await adminView(admin);
    expect(view.seatsOpen).toBe(1);
    const rows = view.invitations.map(({ email, expired, declined }) => ({ email, expired, declined }));
    expect(rows).toEqual([
      { email: member.email, expired: false, declined: null },
      { email: fresh, expired: false, declined: null },
    ]);
    expect(await mailsTo(member.email)).toHaveLength(mailsBefore + 1);
    expect(await mailsTo(fresh)).toHaveLength(1);
  });
});

describe("the invitee's join while in another team", () => {
  it("is refused, declines the invitation, frees its seat, and shows the admin why", async () => {
    const { admin, otherAdmin, member } = await setting(3);
    await invite(admin, [member.email]);
    expect((await adminView(admin)).seatsOpen).toBe(1);
    const token = await mailedToken(member.email);
    expect(await preview(token)).toMatchObject({ state: "pending", adminEmail: admin.email });

    const res = await accept(member, token);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatchObject({
      code: "already_in_team",
      message: "You are already in a team. Leave it before joining another.",
    });

    const [row] = await invitationsOf(admin.id);
    expect(row).toMatchObject({ email: member.email, acceptedAt: null, declinedReason: "in_another_team" });
    expect(row?.declinedAt).toBeInstanceOf(Date);
    const view = await adminView(admin);
    expect(view.invitations).toEqual([
      expect.objectContaining({ email: member.email, declined: "in_another_team" }),
    ]);
    // Its seat is free again: two more people can be invited into a team of three seats.
    expect(view.seatsOpen).toBe(2);
    await invite(admin, [uniqueEmail("a"), uniqueEmail("b")]);
    // The link is closed now: the page says so, and a second join is refused as such.
    expect(await preview(token)).toMatchObject({ state: "declined" });
    const again = await accept(member, token);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe("invitation_declined");
    // They are still in their own team, untouched.
    const theirs = await json<TeamView>(await api("/api/team", { cookie: member.cookie }));
    expect(theirs).toMatchObject({ role: "member", adminEmail: otherAdmin.email });
  });

  it("declines only the invitation whose link was opened: another team's invitation to them stays pending", async () => {
    const { admin, member } = await setting(3);
    const thirdAdmin = await accountOnPlan("standard", { seats: 3 });
    await invite(thirdAdmin, [member.email]);
    const thirdToken = await mailedToken(member.email);
    await invite(admin, [member.email]);
    expect((await accept(member, await mailedToken(member.email))).status).toBe(409);

    expect((await adminView(admin)).invitations.map((i) => i.declined)).toEqual(["in_another_team"]);
    const third = await adminView(thirdAdmin);
    expect(third.invitations.map((i) => i.declined)).toEqual([null]);
    expect(third.seatsOpen).toBe(1);
    expect(await preview(thirdToken)).toMatchObject({ state: "pending" });
  });

  it("keeps the invitation pending for a refusal the invitee lifts themselves (their own plan)", async () => {
    const admin = await accountOnPlan("standard", { seats: 3 });
    const payer = await accountOnPlan("starter");
    await invite(admin, [payer.email]);
    const res = await accept(payer, await mailedToken(payer.email));
    expect((await errorOf(res)).code).toBe("own_plan_active");
    expect((await invitationsOf(admin.id)).map((i) => i.declinedAt)).toEqual([null]);
    expect((await adminView(admin)).seatsOpen).toBe(1);
  });

  it("records one decline when the invitee joins twice at once", async () => {
    const { admin, member } = await setting(3);
    await invite(admin, [member.email]);
    const token = await mailedToken(member.email);
    const answers = await Promise.all([accept(member, token), accept(member, token), accept(member, token)]);
    const codes = await Promise.all(answers.map(async (res) => [res.status, (await errorOf(res)).code]));
    // The first under the lock declines it; the others find it declined (or, in between, refuse alike).
    expect(codes.filter(([, code]) => code === "already_in_team").length).toBeGreaterThanOrEqual(1);
    for (const [status, code] of codes) {
      expect(status).toBe(409);
      expect(["already_in_team", "invitation_declined"]).toContain(code);
    }
    const rows = await invitationsOf(admin.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.declinedReason).toBe("in_another_team");
  });
});

describe("a resend of a declined invitation", () => {
  it("re-opens it: a new link, a held seat, no decline; once they have left their team they can join", async () => {
    const { admin, member } = await setting(3);
    await invite(admin, [member.email]);
    const oldToken = await mailedToken(member.email);
    expect((await accept(member, oldToken)).status).toBe(409);
    expect((await adminView(admin)).seatsOpen).toBe(2);

    await invite(admin, [member.email]);
    const view = await adminView(admin);
    expect(view.invitations).toEqual([expect.objectContaining({ email: member.email, declined: null })]);
    expect(view.seatsOpen).toBe(1);
    const [row] = await invitationsOf(admin.id);
    expect(row).toMatchObject({ declinedAt: null, declinedReason: null });
    // The old link is gone with the row it named.
    expect((await errorOf(await accept(member, oldToken))).code).toBe("invitation_invalid");

    expect((await post("/api/team/leave", member.cookie)).status).toBe(200);
    const res = await accept(member, await mailedToken(member.email));
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
    expect(await json<TeamView>(await api("/api/team", { cookie: member.cookie }))).toMatchObject({
      role: "member",
      adminEmail: admin.email,
    });
  });

  it("racing the invitee's join leaves one pending, undeclined invitation, whichever goes first", async () => {
    const { admin, member } = await setting(3);
    await invite(admin, [member.email]);
    const token = await mailedToken(member.email);
    const [joinAnswer, resendAnswer] = await Promise.all([
      accept(member, token),
      post("/api/team/invite", admin.cookie, { emails: [member.email] }),
    ]);
    expect(resendAnswer.status).toBe(200);
    // Declined then replaced, or replaced first (the old link then names nothing).
    expect(["already_in_team", "invitation_invalid"]).toContain((await errorOf(joinAnswer)).code);
    const rows = await invitationsOf(admin.id);
    expect(rows.map((r) => [r.email, r.acceptedAt, r.declinedAt])).toEqual([[member.email, null, null]]);
    expect((await adminView(admin)).seatsOpen).toBe(1);
  });
});
