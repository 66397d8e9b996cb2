// Where every kind of visitor lands on every kind of path (SPEC §2, §5).
import { describe, expect, it } from "vitest";
import {
  forcedColorModeOf,
  isPublicPath,
  matchAppRoute,
  paramsAreValid,
} from "../../src/domain/app-routes.ts";
import {
  decideRoute,
  type GuardDecision,
  type GuardUser,
  needsUser,
  redirectTarget,
} from "../../src/domain/route-guard.ts";

const starter: GuardUser = { usagePlan: "starter", verified: true };
const expert: GuardUser = { usagePlan: "expert", verified: true };
const none: GuardUser = { usagePlan: "none", verified: true };
const unsubscribed: GuardUser = { usagePlan: "unsubscribed", verified: true };
const unverified: GuardUser = { usagePlan: "starter", verified: false };

const render: GuardDecision = { kind: "render" };
const to = (path: string): GuardDecision => ({ kind: "redirect", to: path });

describe("route parameters", () => {
  it.each([
    ["/app/a/default", true],
    ["/app/a/42", true],
    ["/app/a/abc", false],
    ["/app/a/Default", false],
    ["/app/a/12a", false],
    ["/app/a/default/c/7", true],
    ["/app/a/3/c/123456", true],
    ["/app/a/default/c/x7", false],
    ["/app/a/nope/c/7", false],
    ["/shared/0f8fad5b-d9cb-469f-a165-70867728950e", true],
    ["/shared/0F8FAD5B-D9CB-469F-A165-70867728950E", false],
    ["/shared/0f8fad5bd9cb469fa16570867728950e", false],
    ["/shared/0f8fad5b-d9cb-469f-a165-70867728950", false],
    ["/shared/zf8fad5b-d9cb-469f-a165-70867728950e", false],
  ])("%s valid: %s", (path, valid) => {
    const match = matchAppRoute(path);
    expect(match).not.toBeNull();
    expect(paramsAreValid(match as NonNullable<typeof match>)).toBe(valid);
  });

  it("a failed check is a fatal 404 naming the path, whoever asks", () => {
    for (const user of [null, undefined, starter]) {
      expect(decideRoute({ path: "/app/a/abc", search: "", user })).toEqual({
        kind: "notFound",
        message: "Page Not Found: /app/a/abc",
      });
    }
  });

  it("unknown paths match no route (the router shows its own 'Page not found')", () => {
    expect(matchAppRoute("/nowhere")).toBeNull();
    expect(matchAppRoute("/app/a/1/c/2/extra")).toBeNull();
    expect(matchAppRoute("/app/a/default/")?.route.page).toBe("chat");
  });
});

describe("public paths and forced light pages", () => {
  it.each([
    ["/", true],
    ["/pricing", true],
    ["/contact", true],
    ["/login", true],
    ["/verification", true],
    ["/join", true],
    ["/privacy", true],
    ["/ToU", true],
    ["/legalNotice", true],
    ["/shared/0f8fad5b-d9cb-469f-a165-70867728950e", true],
    ["/app/a/default", false],
    ["/app/account/settings", false],
    ["/tou", false],
    ["/elsewhere", false],
  ])("%s public: %s", (path, expected) => {
    expect(isPublicPath(path)).toBe(expected);
  });

  it.each([
    ["/", "light"],
    ["/login", "light"],
    ["/contact", "light"],
    ["/pricing", "light"],
    ["/ToU", "light"],
    ["/legalNotice", "light"],
    ["/verification", "light"],
    ["/privacy", null],
    ["/app/a/default", null],
    ["/app/account/settings", null],
    ["/shared/0f8fad5b-d9cb-469f-a165-70867728950e", null],
  ])("%s forces %s", (path, mode) => {
    expect(forcedColorModeOf(path)).toBe(mode);
  });
});

describe("the guard", () => {
  // [path, search, user, storedQuery, expected]
  const table: [string, string, GuardUser | null | undefined, string, GuardDecision][] = [
    // Anonymous visitors: public pages render, everything else goes to /login with the full path.
    ["/", "", null, "", render],
    ["/pricing", "?plan=expert", null, "", render],
    ["/login", "", null, "", render],
    ["/shared/0f8fad5b-d9cb-469f-a165-70867728950e", "", null, "", render],
    ["/app/a/default", "", null, "", to("/login?redirect=%2Fapp%2Fa%2Fdefault")],
    ["/app/a/3/c/9", "?q=1", null, "", to("/login?redirect=%2Fapp%2Fa%2F3%2Fc%2F9%3Fq%3D1")],
    ["/app/account/settings", "", null, "", to("/login?redirect=%2Fapp%2Faccount%2Fsettings")],
    ["/somewhere", "", null, "", to("/login?redirect=%2Fsomewhere")],
    // Not known yet: public pages do not wait, /login and private pages do.
    ["/", "", undefined, "", render],
    ["/pricing", "", undefined, "", render],
    ["/login", "", undefined, "", { kind: "wait" }],
    ["/app/a/default", "", undefined, "", { kind: "wait" }],
    ["/pricing", "?redirect=%2Fapp", undefined, "", { kind: "wait" }],
    // Signed in with a redirect query: replaced by where it points.
    ["/login", "?redirect=%2Fapp%2Fa%2F3", starter, "", to("/app/a/3")],
    ["/pricing", "?redirect=https%3A%2F%2Fevil.example&plan=expert", starter, "", to("/pricing?plan=expert")],
    ["/pricing", "?redirect=%2F%2Fevil.example", starter, "", to("/pricing")],
    // Active plan on /login goes to the chat; the subscription page shows the plan and its billing.
    ["/login", "", starter, "", to("/app/a/default")],
    ["/app/account/subscription", "", expert, "", render],
    ["/app/account/change_subscription", "", expert, "", render],
    ["/app/a/default", "", expert, "", render],
    // Plan none: chat screens and /login go to the subscription page with the stored query.
    ["/app/a/default", "", none, "?plan=expert&users=3", to("/app/account/subscription?plan=expert&users=3")],
    ["/login", "", none, "", to("/app/account/subscription")],
    ["/app/account/subscription", "", none, "", render],
    ["/app/account/settings", "", none, "", render],
    // A subscription that ended lands on the plans after sign-in, with the stored query; its chats stay open.
    ["/login", "", unsubscribed, "?plan=standard", to("/app/account/subscription?plan=standard")],
    ["/app/a/default", "", unsubscribed, "", render],
    ["/app/a/default/c/12", "", unsubscribed, "", render],
    ["/app/account/subscription", "", unsubscribed, "", render],
    ["/app/account/settings", "", unsubscribed, "", render],
    // Unverified: /app and /login go to /verification; public pages stay reachable.
    ["/app/a/default", "", unverified, "", to("/verification")],
    ["/login", "", unverified, "", to("/verification")],
    ["/verification", "", unverified, "", render],
    ["/pricing", "", unverified, "", render],
    // An invitee who just signed up comes back to the invitation, whose link confirms the address (#18).
    ["/join", "?token=abc", unverified, "", render],
    ["/login", "?redirect=%2Fjoin%3Ftoken%3Dabc", unverified, "", to("/join?token=abc")],
    ["/join", "?token=abc", null, "", render],
  ];

  it.each(table)("%s%s as %j (stored %s)", (path, search, user, storedQuery, expected) => {
    const stored = storedQuery === undefined ? undefined : () => storedQuery;
    expect(decideRoute({ path, search, user, storedQuery: stored })).toEqual(expected);
  });

  it("reads the stored query only for the redirect that carries it", () => {
    let reads = 0;
    const storedQuery = () => {
      reads++;
      return "?plan=expert";
    };
    for (const path of ["/app/a/default", "/app/account/settings", "/pricing", "/"])
      decideRoute({ path, search: "", user: expert, storedQuery });
    expect(reads).toBe(0);
    expect(decideRoute({ path: "/app/a/default", search: "", user: none, storedQuery })).toEqual(
      to("/app/account/subscription?plan=expert"),
    );
    expect(reads).toBe(1);
  });

  it("keeps the locale prefix in the redirect query and follows it back inside the locale", () => {
    expect(decideRoute({ path: "/app/a/default", search: "", user: null, localePrefix: "/fr" })).toEqual(
      to("/login?redirect=%2Ffr%2Fapp%2Fa%2Fdefault"),
    );
    expect(
      decideRoute({
        path: "/login",
        search: "?redirect=%2Ffr%2Fapp%2Fa%2F2",
        user: starter,
        localePrefix: "/fr",
      }),
    ).toEqual(to("/app/a/2"));
    // Another locale's page is reached by a full page load.
    expect(
      decideRoute({
        path: "/login",
        search: "?redirect=%2Fde%2Fpricing",
        user: starter,
        localePrefix: "/fr",
      }),
    ).toEqual({ kind: "external", url: "/de/pricing" });
    // An unsafe value is dropped, never followed nor a crash — locale prefix or not.
    for (const localePrefix of ["", "/fr"]) {
      expect(
        decideRoute({
          path: "/login",
          search: `?redirect=${encodeURIComponent("/\t/evil.example/x")}`,
          user: starter,
          localePrefix,
        }),
      ).toEqual(to("/login"));
    }
  });

  it("applies route rules first, leaving for external addresses by a full page load", () => {
    const rules = { "/app": "/app/a/default", "/community": "https://chat.example.org/invite" };
    expect(decideRoute({ path: "/app", search: "", user: null, rules })).toEqual(to("/app/a/default"));
    expect(decideRoute({ path: "/app/", search: "", user: null, rules })).toEqual(to("/app/a/default"));
    expect(decideRoute({ path: "/community", search: "", user: undefined, rules })).toEqual({
      kind: "external",
      url: "https://chat.example.org/invite",
    });
    expect(decideRoute({ path: "/app/account", search: "", user: starter })).toEqual(
      to("/app/account/settings"),
    );
  });

  it("asks for the user only when the answer depends on it", () => {
    expect(needsUser({ path: "/", search: "" })).toBe(false);
    expect(needsUser({ path: "/pricing", search: "?plan=expert" })).toBe(false);
    expect(needsUser({ path: "/login", search: "" })).toBe(true);
    expect(needsUser({ path: "/app/a/default", search: "" })).toBe(true);
    expect(needsUser({ path: "/", search: "?redirect=%2Fapp" })).toBe(true);
    // A malformed parameter or a route rule answers whoever asks.
    expect(needsUser({ path: "/app/a/abc", search: "" })).toBe(false);
    expect(needsUser({ path: "/app", search: "" })).toBe(false);
  });
});

describe("redirect targets", () => {
  it.each([
    ["/app/a/default", "", "/app/a/default"],
    ["/pricing?plan=expert", "", "/pricing?plan=expert"],
    ["https://evil.example/", "", null],
    ["//evil.example/", "", null],
    ["/\\evil.example/", "", null],
    ["javascript:alert(1)", "", null],
    ["", "", null],
    ["/fr/pricing", "/fr", "/pricing"],
    ["/fr", "/fr", "/"],
    ["/fr?x=1", "/fr", "/?x=1"],
    ["/francais", "/fr", null],
    ["/pricing", "/fr", null],
    ["/\t/evil.example/x", "", null],
    ["/fr/\t/evil.example/x", "/fr", null],
    ["/fr//evil.example/x", "/fr", null],
    ["/fr/\\evil.example/x", "/fr", null],
    ["/\n/evil.example/x", "/fr", null],
  ])("%s under %j → %s", (value, prefix, expected) => {
    expect(redirectTarget(value, prefix)).toBe(expected);
  });
});
