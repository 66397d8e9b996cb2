// The client's route table (SPEC §2): pages, layouts, forced light mode, public prefixes and parameter rules.

export type Layout = "default" | "connected" | "assistant";

export type PageName =
  | "home"
  | "login"
  | "contact"
  | "pricing"
  | "terms"
  | "privacy"
  | "legalNotice"
  | "verification"
  | "join"
  | "shared"
  | "assistants"
  | "settings"
  | "settingsApi"
  | "settingsTeam"
  | "subscription"
  | "changeSubscription"
  | "changePassword"
  | "chat";

export interface AppRoute {
  /** React Router pattern, relative to the locale prefix. */
  path: string;
  page: PageName;
  layout: Layout;
  /** SPEC §2 marks these pages "light": they ignore the user's colour mode. */
  light?: true;
}

export const APP_ROUTES: readonly AppRoute[] = [
  { path: "/", page: "home", layout: "default", light: true },
  { path: "/login", page: "login", layout: "default", light: true },
  { path: "/contact", page: "contact", layout: "default", light: true },
  { path: "/pricing", page: "pricing", layout: "default", light: true },
  { path: "/ToU", page: "terms", layout: "default", light: true },
  { path: "/privacy", page: "privacy", layout: "default" },
  { path: "/legalNotice", page: "legalNotice", layout: "default", light: true },
  { path: "/verification", page: "verification", layout: "default", light: true },
  // Issue #18: where a team invitation's mailed link leads, signed in or not.
  { path: "/join", page: "join", layout: "default", light: true },
  { path: "/shared/:chatPublicId", page: "shared", layout: "default" },
  { path: "/app/assistants", page: "assistants", layout: "connected" },
  { path: "/app/assistants/:action", page: "assistants", layout: "connected" },
  { path: "/app/account/settings", page: "settings", layout: "connected" },
  { path: "/app/account/settings/api", page: "settingsApi", layout: "connected" },
  { path: "/app/account/settings/team", page: "settingsTeam", layout: "connected" },
  { path: "/app/account/subscription", page: "subscription", layout: "connected" },
  { path: "/app/account/change_subscription", page: "changeSubscription", layout: "connected" },
  { path: "/app/account/changePassword", page: "changePassword", layout: "connected" },
  { path: "/app/a/:assistantId", page: "chat", layout: "assistant" },
  { path: "/app/a/:assistantId/c/:chatId", page: "chat", layout: "assistant" },
];

export const SUBSCRIPTION_PATH = "/app/account/subscription";
export const CHANGE_SUBSCRIPTION_PATH = "/app/account/change_subscription";
/** The two plan pages: choosing a plan, and changing the one paid for. */
export const PLAN_PATHS = [SUBSCRIPTION_PATH, CHANGE_SUBSCRIPTION_PATH] as const;
export const SETTINGS_PATH = "/app/account/settings";
export const DEFAULT_CHAT_PATH = "/app/a/default";
export const TEAM_SETTINGS_PATH = "/app/account/settings/team";

/** The assistant an address names by its `:assistantId` segment ("default" or an id): null is the default one. */
export const assistantOfSegment = (segment: string): number | null =>
  segment === "default" ? null : Number(segment);

/**
 * An open chat's page (also locale-prefixed): the Worker writes the chat's newest messages into it
 * (src/routes/app-page.ts), so the service worker leaves it to the network (client/pwa/sw.ts).
 */
export const OPEN_CHAT_PAGE = /^(?:\/[a-z]{2})?\/app\/a\/(default|\d+)\/c\/(\d+)$/;

export const LOGIN_PATH = "/login";
export const VERIFICATION_PATH = "/verification";

/** Matched by prefix, as SPEC §2 says; the root and /shared/… are public too. */
export const PUBLIC_PREFIXES = [
  "/pricing",
  "/contact",
  "/login",
  "/verification",
  "/join",
  "/privacy",
  "/ToU",
  "/legalNotice",
] as const;

export const isPublicPath = (path: string): boolean =>
  path === "/" || path.startsWith("/shared/") || PUBLIC_PREFIXES.some((prefix) => path.startsWith(prefix));

/** SPEC §5: what each route parameter must look like; anything else is a fatal 404. */
export const PARAM_RULES: Readonly<Record<string, RegExp>> = {
  assistantId: /^(default|\d+)$/,
  /** /app/assistants/{action}: a new assistant, or one to edit. */
  action: /^(new|\d+)$/,
  chatId: /^\d+$/,
  chatPublicId: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
};

export interface RouteMatch {
  route: AppRoute;
  params: Record<string, string>;
}

/** A path without its trailing slash (the root stays "/"). */
export const normalizePath = (path: string): string =>
  path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;

function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split("/");
  const got = normalizePath(path).split("/");
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i] as string;
    const g = got[i] as string;
    if (w.startsWith(":")) {
      if (g === "") return null;
      params[w.slice(1)] = safeDecode(g);
    } else if (w !== g) return null;
  }
  return params;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The route a locale-less path shows, or null for an unknown page. */
export function matchAppRoute(path: string): RouteMatch | null {
  for (const route of APP_ROUTES) {
    const params = matchPattern(route.path, path);
    if (params) return { route, params };
  }
  return null;
}

/** True when every parameter of the match follows its rule. */
export const paramsAreValid = (match: RouteMatch): boolean =>
  Object.entries(match.params).every(([name, value]) => PARAM_RULES[name]?.test(value) ?? true);

/** The colour mode a path forces, if any. */
export const forcedColorModeOf = (path: string): "light" | null =>
  matchAppRoute(path)?.route.light ? "light" : null;
