// Removing from a team: the admin, listed among the members, is refused with a reason of its own, not a 404.
import { describe, expect, it } from "vitest";
import type { TeamView } from "../../src/domain/team";
import { createAccount, errorOf } from "./support/accounts";
import { api, json } from "./support/api";
import { accountOnPlan } from "./support/plans";
import { mailedToken } from "./support/team";

const post = (path: string, cookie: string, body?: unknown) => api(path, { method: "POST", cookie, body });

describe("POST /api/team/remove of the admin's own id", () => {
  it("is a 409 cannot_remove_self that says what to do instead, and changes nothing", async () => {
    const admin = await accountOnPlan("standard", { seats: 3 });
    const member = await createAccount();
    expect((await post("/api/team/invite", admin.cookie, { emails: [member.email] })).status).toBe(200);
    const token = await mailedToken(member.email);
    expect((await post("/api/team/accept", member.cookie, { token })).status).toBe(200);
    const before = await json<TeamView>(await api("/api/team", { cookie: admin.cookie }));
    if (before.role !== "admin") throw new Error(`admin view expected, got ${before.role}`);
    // The page lists the admin with the members: the id it refuses is one the team's own view shows.
    expect(before.members.find((m) => m.isAdmin)?.userId).toBe(admin.id);

    const res = await post("/api/team/remove", admin.cookie, { userId: admin.id });
    expect(res.status).toBe(409);
    const error = await errorOf(res);
    expect(error.code).toBe("cannot_remove_self");
    expect(error.message).toMatch(/admin/);
    expect(error.message).toMatch(/cancel its plan/);

    expect(await json<TeamView>(await api("/api/team", { cookie: admin.cookie }))).toEqual(before);
    expect(await json<TeamView>(await api("/api/team", { cookie: member.cookie }))).toMatchObject({
      role: "member",
      plan: "standard",
    });
  });

  it("still answers 404 for someone outside the team and 403 to anyone but an admin", async () => {
    const admin = await accountOnPlan("standard", { seats: 2 });
    const stranger = await accountOnPlan("starter");
    const res = await post("/api/team/remove", admin.cookie, { userId: stranger.id });
    expect(res.status).toBe(404);
    expect((await errorOf(res)).code).toBe("not_found");
    const nobody = await createAccount();
    const refused = await post("/api/team/remove", nobody.cookie, { userId: nobody.id });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe("not_team_admin");
  });
});
