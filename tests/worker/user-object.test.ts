// GET /api/login/user: exactly SPEC §3's user object, its plan from the subscription row, usage by window.
import { describe, expect, it } from "vitest";
import { usage } from "../../drizzle/schema";
import { defaultModelsConfiguration, MODELS } from "../../src/domain/models";
import { call, createAccount, subscribe, withDb } from "./support/accounts";

interface UserBody {
  id: number;
  email: string;
  usagePlan: string;
  usageCounts: Record<string, number>;
  isTeamAdmin: boolean;
  [key: string]: unknown;
}

async function userOf(cookie: string): Promise<UserBody> {
  const res = await call("/api/login/user", { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as UserBody;
}

describe("GET /api/login/user", () => {
  it("returns exactly the fields of the session user, with defaults for a new account", async () => {
    const account = await createAccount();
    const body = await userOf(account.cookie);
    expect(Object.keys(body).sort()).toEqual(
      [
        "id",
        "email",
        "usagePlan",
        "usageCounts",
        "modelsConfiguration",
        "models",
        "assistantsConfiguration",
        "lastReleaseNoteDateChecked",
        "hasSeenOnboardingTips",
        "isTeamAdmin",
        // Beyond SPEC §3 (issue #18): what the client needs to show the team's pooled quota.
        "seats",
        "pooledUsageCounts",
        "isTeamMember",
        "teamNotice",
      ].sort(),
    );
    expect(body).toEqual({
      id: account.id,
      email: account.email,
      usagePlan: "none",
      usageCounts: { text: 0, image: 0, reasoning: 0, long: 0 },
      modelsConfiguration: defaultModelsConfiguration(),
      // The tests configure every provider (local servers) and the test models; nothing is tagged demo.
      models: { available: MODELS.map((m) => m.key), demoProviders: [] },
      assistantsConfiguration: null,
      lastReleaseNoteDateChecked: null,
      hasSeenOnboardingTips: false,
      isTeamAdmin: false,
      seats: 1,
      pooledUsageCounts: { text: 0, image: 0, reasoning: 0, long: 0 },
      isTeamMember: false,
      teamNotice: null,
    });
  });

  it("401 signed out, and never another user's data", async () => {
    expect((await call("/api/login/user")).status).toBe(401);
    const a = await createAccount();
    const b = await createAccount();
    expect((await userOf(a.cookie)).email).toBe(a.email);
    expect((await userOf(b.cookie)).email).toBe(b.email);
  });

  it.each([
    [1000, true, "starter"],
    [10000, true, "starter"],
    [2000, true, "standard"],
    [20000, true, "standard"],
    [6000, true, "expert"],
    [60000, true, "expert"],
    [4200, true, "starter"],
    [0, true, "starter"],
    [2000, false, "unsubscribed"],
    [60000, false, "unsubscribed"],
  ])("amount %i with ok %s gives the %s plan", async (amount, ok, plan) => {
    const account = await createAccount();
    await subscribe(account.id, { amount, ok });
    expect((await userOf(account.cookie)).usagePlan).toBe(plan);
  });

  it("team members hold the admin's plan; the admin is a team admin, the members are not", async () => {
    const admin = await createAccount();
    const member = await createAccount();
    await subscribe(admin.id, { amount: 20000, quantity: 3 });
    // The member's own row links to the admin; its own amount and flag do not decide anything.
    await subscribe(member.id, { amount: 1000, ok: false, adminUserId: admin.id });
    const adminBody = await userOf(admin.cookie);
    const memberBody = await userOf(member.cookie);
    expect(adminBody).toMatchObject({ usagePlan: "standard", isTeamAdmin: true });
    expect(memberBody).toMatchObject({ usagePlan: "standard", isTeamAdmin: false });
  });

  it("a member whose admin stopped paying is unsubscribed", async () => {
    const admin = await createAccount();
    const member = await createAccount();
    await subscribe(admin.id, { amount: 6000, ok: false, quantity: 2 });
    await subscribe(member.id, { amount: 6000, ok: true, adminUserId: admin.id });
    expect((await userOf(member.cookie)).usagePlan).toBe("unsubscribed");
  });

  it("a single seat is not a team admin", async () => {
    const account = await createAccount();
    await subscribe(account.id, { amount: 2000, quantity: 1 });
    expect((await userOf(account.cookie)).isTeamAdmin).toBe(false);
  });

  it("counts text requests over 3 hours and the other categories over 30 days", async () => {
    const account = await createAccount();
    const ago = (seconds: number) => new Date(Date.now() - seconds * 1000);
    const rows = [
      ["text", ago(60)],
      ["text", ago(10_000)],
      ["text", ago(11_000)], // older than 3 h
      ["image", ago(86_400)],
      ["image", ago(2_600_000)], // older than 30 days
      ["reasoning", ago(2_500_000)],
      ["long", ago(3600)],
      ["long", ago(7200)],
    ] as const;
    await withDb((db) =>
      db.insert(usage).values(
        rows.map(([category, requestedAt]) => ({
          userId: account.id,
          model: "test",
          category,
          requestedAt,
        })),
      ),
    );
    expect((await userOf(account.cookie)).usageCounts).toEqual({ text: 2, image: 1, reasoning: 1, long: 2 });
  });
});
