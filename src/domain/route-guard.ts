// Where a navigation ends (SPEC §2): route rules, parameter checks, sign-in, verification and plan guards.
import {
  DEFAULT_CHAT_PATH,
  isPublicPath,
  LOGIN_PATH,
  matchAppRoute,
  normalizePath,
  paramsAreValid,
  SUBSCRIPTION_PATH,
  VERIFICATION_PATH,
} from "./app-routes.ts";
import { isPaidPlan, type Plan } from "./plans.ts";
import { safeReturnPath } from "./safe-return.ts";

/** What the guard needs to know about the visitor. */
export interface GuardUser {
  usagePlan: Plan;
  /** Absent means the server does not gate on it. */
  verified?: boolean;
}

/** Exact locale-less path → target: an app path, or an absolute http(s) address left by a full page load. */
export type RouteRules = Readonly<Record<string, string>>;

/** Paths that only ever lead somewhere else. */
export const ROUTE_RULES: RouteRules = {
  "/app": DEFAULT_CHAT_PATH,
  "/app/a": DEFAULT_CHAT_PATH,
  "/app/account": "/app/account/settings",
};

export interface GuardRequest {
  /** Pathname without the locale prefix. */
  path: string;
  /** "" or "?…" */
  search: string;
  hash?: string;
  /** "" for English, "/fr" etc.: part of the full path kept in a redirect query. */
  localePrefix?: string;
  /** undefined while unknown, null when anonymous. */
  user: GuardUser | null | undefined;
  /**
   * Query string ("" or "?…") carried to the subscription page (e.g. the plan picked on /pricing). Read only
   * when the answer needs it: the client keeps it in sessionStorage, whose first read in a page waits on the
   * browser (~5 ms on a slow phone, on every chat screen's first render before).
   */
  storedQuery?: () => string;
  rules?: RouteRules;
}

export type GuardDecision =
  | { kind: "render" }
  | { kind: "wait" }
  | { kind: "redirect"; to: string }
  | { kind: "external"; url: string }
  | { kind: "notFound"; message: string };

const isExternal = (target: string): boolean => /^https?:\/\//i.test(target);

/**
 * A redirect query value we may follow: a path on this site as the browser would read it (safeReturnPath).
 * Returns the path relative to `localePrefix`, or null when it is unsafe or lives under another locale
 * (then the caller loads safeReturnPath's form of it by a full page navigation).
 */
export function redirectTarget(raw: string | null, localePrefix = ""): string | null {
  const value = safeReturnPath(raw);
  if (value === null || !localePrefix) return value;
  if (value === localePrefix) return "/";
  if (!value.startsWith(`${localePrefix}/`) && !value.startsWith(`${localePrefix}?`)) return null;
  const rest = value.slice(localePrefix.length);
  const path = rest.startsWith("?") ? `/${rest}` : rest;
  // "/fr//evil.example" is safe as a whole but not once its prefix is cut: check what is left again.
  return safeReturnPath(path) === path ? path : null;
}

/** The search string without one parameter. */
export function withoutParam(search: string, name: string): string {
  const params = new URLSearchParams(search);
  params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : "";
}

const startsWithSegment = (path: string, prefix: string): boolean =>
  path === prefix || path.startsWith(`${prefix}/`);

export function decideRoute(request: GuardRequest): GuardDecision {
  const { search, user } = request;
  const path = normalizePath(request.path);
  const prefix = request.localePrefix ?? "";

  const rule = (request.rules ?? ROUTE_RULES)[path];
  if (rule !== undefined) {
    return isExternal(rule) ? { kind: "external", url: rule } : { kind: "redirect", to: rule };
  }

  const match = matchAppRoute(path);
  if (match && !paramsAreValid(match)) return { kind: "notFound", message: `Page Not Found: ${path}` };

  if (user === undefined) {
    const dependsOnUser =
      new URLSearchParams(search).has("redirect") ||
      !isPublicPath(path) ||
      startsWithSegment(path, LOGIN_PATH);
    return dependsOnUser ? { kind: "wait" } : { kind: "render" };
  }

  if (user === null) {
    if (isPublicPath(path)) return { kind: "render" };
    const fullPath = `${prefix}${request.path}${search}${request.hash ?? ""}`;
    return { kind: "redirect", to: `${LOGIN_PATH}?redirect=${encodeURIComponent(fullPath)}` };
  }

  const redirect = new URLSearchParams(search).get("redirect");
  if (redirect !== null) {
    const target = redirectTarget(redirect, prefix);
    if (target) return { kind: "redirect", to: target };
    // Another locale's page: follow it by a full load; an unsafe value is only dropped.
    const elsewhere = safeReturnPath(redirect);
    if (elsewhere !== null) return { kind: "external", url: elsewhere };
    return { kind: "redirect", to: `${path}${withoutParam(search, "redirect")}` };
  }

  const onLogin = startsWithSegment(path, LOGIN_PATH);
  if (user.verified === false) {
    if (startsWithSegment(path, VERIFICATION_PATH)) return { kind: "render" };
    if (onLogin || !isPublicPath(path)) return { kind: "redirect", to: VERIFICATION_PATH };
  }

  // The subscription page stays open to paying users: it shows their plan and opens billing (the billing
  // issue supersedes SPEC §2's redirect of paying users away from it; the chat is one click away there).
  if (isPaidPlan(user.usagePlan) && onLogin) {
    return { kind: "redirect", to: DEFAULT_CHAT_PATH };
  }

  // No plan: the subscription page, always (SPEC §6). A plan that ended lands there after sign-in (the page
  // says so), but its conversations stay open to read, under the chat's "subscription ended" banner.
  const toPlans = user.usagePlan === "none" ? onLogin || path.startsWith("/app/a/") : false;
  if (toPlans || (user.usagePlan === "unsubscribed" && onLogin)) {
    return { kind: "redirect", to: `${SUBSCRIPTION_PATH}${request.storedQuery?.() ?? ""}` };
  }

  return { kind: "render" };
}

/** True when where this request ends depends on who is signed in: only then is the user fetched. */
export const needsUser = (request: Omit<GuardRequest, "user">): boolean =>
  decideRoute({ ...request, user: undefined }).kind === "wait";
