// Team rules: invitation lifetime, state and declines, seats open for invitations, who may join, address matching.
import { describe, expect, it } from "vitest";
import {
  declineOf,
  hasFreeSeat,
  INVITATION_TTL_SECONDS,
  invitationDeclineOf,
  invitationExpiry,
  invitationState,
  invitationTokenOf,
  isMemberRow,
  joinRefusal,
  refusedInvitee,
  sameEmail,
  seatsOpenForInvites,
  uniqueEmails,
} from "../../src/domain/team";

const now = new Date("2026-11-23T08:00:00Z");

describe("invitations", () => {
  it("last seven days", () => {
    expect(INVITATION_TTL_SECONDS).toBe(604_800);
    expect(invitationExpiry(now).toISOString()).toBe("2026-11-30T08:00:00.000Z");
  });

  const later = new Date(now.getTime() + 1);
  it.each([
    ["pending until it expires", { expiresAt: later, acceptedAt: null, declinedAt: null }, "pending"],
    ["expired at its expiry", { expiresAt: now, acceptedAt: null, declinedAt: null }, "expired"],
    [
      "accepted, even once past expiry",
      { expiresAt: new Date(0), acceptedAt: new Date(0), declinedAt: null },
      "accepted",
    ],
    ["declined before it expires", { expiresAt: later, acceptedAt: null, declinedAt: now }, "declined"],
    ["declined, even once past expiry", { expiresAt: now, acceptedAt: null, declinedAt: now }, "declined"],
  ] as const)("are %s", (_label, invitation, state) => {
    expect(invitationState(invitation, now)).toBe(state);
  });

  it.each([
    ["in_another_team", "in_another_team"],
    // A reason this code no longer knows still reads as a decline the page can say.
    ["gone_reason", "in_another_team"],
    [null, "in_another_team"],
  ] as const)("read back a stored decline %j as %s", (stored, reason) => {
    expect(invitationDeclineOf(stored)).toBe(reason);
  });

  it.each([
    [
      ["A@x.test", " a@x.test ", "b@x.test"],
      ["a@x.test", "b@x.test"],
    ],
    [["c@x.test"], ["c@x.test"]],
  ])("name each address once: %j", (input, output) => {
    expect(uniqueEmails(input)).toEqual(output);
  });

  it.each([
    ["A@X.test", "a@x.test", true],
    [" a@x.test", "a@x.test", true],
    ["a@x.test", "b@x.test", false],
  ])("match %s and %s: %s", (a, b, same) => {
    expect(sameEmail(a, b)).toBe(same);
  });
});

describe("the address an invite refusal is about", () => {
  const sent = ["ana@x.test", " BO@x.test ", "ana@x.test", "cy@x.test"];
  it.each([
    ["the first detail's index", [{ path: "emails.1", message: "in another team" }], "bo@x.test"],
    ["counted as the server read them, each once", [{ path: "emails.2" }], "cy@x.test"],
    ["none past the end", [{ path: "emails.3" }], null],
    ["none for the whole list", [{ path: "emails", message: "at most 1" }], null],
    ["none for another field", [{ path: "email.0" }], null],
    ["none for a path that is no index", [{ path: "emails.1x" }], null],
    ["none without details", undefined, null],
    ["none for details that are no list", { path: "emails.0" }, null],
    ["none for a detail without a path", [{ message: "emails.0" }], null],
  ] as const)("is %s", (_label, details, address) => {
    expect(refusedInvitee(details, sent)).toBe(address);
  });
});

describe("seats", () => {
  it.each([
    [1, 0, 0, 0],
    [3, 0, 0, 2],
    [3, 1, 0, 1],
    [3, 1, 1, 0],
    [3, 2, 1, 0],
    [2, 3, 0, 0],
  ])("%i seats, %i members, %i pending: %i open for invitations", (seats, members, pending, open) => {
    expect(seatsOpenForInvites(seats, members, pending)).toBe(open);
  });

  it.each([
    [3, 1, true],
    [3, 2, false],
    [1, 0, false],
  ])("%i seats with %i members: a free seat is %s", (seats, members, free) => {
    expect(hasFreeSeat(seats, members)).toBe(free);
  });
});

describe("who may join", () => {
  const base = { inviteeId: 2, adminId: 1, own: null, hasMembers: false };
  it.each([
    ["someone without a plan", base, null],
    ["the admin themself", { ...base, inviteeId: 1 }, "is_admin"],
    [
      "a member of another team",
      { ...base, own: { adminUserId: 9, ok: true, ended: false } },
      "already_in_team",
    ],
    [
      "someone paying for their own plan",
      { ...base, own: { adminUserId: null, ok: true, ended: false } },
      "own_plan_active",
    ],
    [
      "someone whose own plan has ended",
      { ...base, own: { adminUserId: null, ok: false, ended: true } },
      null,
    ],
    [
      "someone whose own payment lapsed",
      { ...base, own: { adminUserId: null, ok: false, ended: false } },
      null,
    ],
    ["an admin of their own members", { ...base, hasMembers: true }, "team_has_members"],
  ] as const)("%s", (_label, input, refusal) => {
    expect(joinRefusal(input)).toBe(refusal);
  });
});

describe("which join refusals decline the invitation", () => {
  const teams = { inviteeAdminId: 9, adminId: 1 };
  it.each([
    ["a member of another team", "already_in_team", teams, "in_another_team"],
    // Cannot be invited (refused as already in your team); if it came to pass, nothing is told.
    ["a member of this very team", "already_in_team", { inviteeAdminId: 1, adminId: 1 }, null],
    // Refusals the invitee lifts at once keep the invitation (and its seat) for them.
    ["someone paying for their own plan", "own_plan_active", { inviteeAdminId: null, adminId: 1 }, null],
    ["an admin of their own members", "team_has_members", { inviteeAdminId: 2, adminId: 1 }, null],
    ["the admin themself", "is_admin", { inviteeAdminId: 1, adminId: 1 }, null],
  ] as const)("%s: %s", (_label, refusal, input, decline) => {
    expect(declineOf(refusal, input)).toBe(decline);
  });
});

describe("a member's row", () => {
  it.each([
    ["no row", null, false],
    ["a row of one's own", { adminUserId: null }, false],
    ["a team admin's row (naming themself)", { adminUserId: 2 }, false],
    ["a row naming another admin", { adminUserId: 1 }, true],
  ] as const)("%s: %s", (_label, row, member) => {
    expect(isMemberRow(row, 2)).toBe(member);
  });
});

describe("the invitation a sign-in or sign-up form returns to", () => {
  const token = "A".repeat(43);
  it.each([
    ["the join page", `/join?token=${token}`, token],
    ["the join page in another locale", `/fr/join?token=${token}`, token],
    ["no return path", null, null],
    ["another page with a token", `/pricing?token=${token}`, null],
    ["a malformed token", "/join?token=short", null],
    ["no token", "/join", null],
    ["another site", `//evil.example/join?token=${token}`, null],
  ] as const)("%s", (_label, returnPath, found) => {
    expect(invitationTokenOf(returnPath)).toBe(found);
  });
});
