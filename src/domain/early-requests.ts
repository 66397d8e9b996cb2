// What a screen reads first, so the entry script can ask for it while the app's code is still arriving.
import { matchAppRoute, paramsAreValid } from "./app-routes.ts";
import { CHAT_PAGE_SIZE, MESSAGE_PAGE_SIZE } from "./chat/paging.ts";

/** A read the first screen makes: a GET, or a POST that only reads (its JSON body exactly as the hook sends it). */
export interface EarlyRequest {
  url: string;
  body?: string;
}

/**
 * The reads the screen at `path` (without locale prefix) makes first: the user; in a chat, its assistants,
 * the sidebar's first page of chats and the chat's newest messages.
 */
/** Who is signed in: every page but the home page asks first (client/lib/session-user.ts). */
export const USER_READ = "/api/login/user";

export function earlyRequests(path: string): EarlyRequest[] {
  const user = { url: USER_READ };
  const match = matchAppRoute(path);
  if (!match || !paramsAreValid(match)) return [user];
  const requests: EarlyRequest[] = [user];
  const { assistantId, chatId } = match.params;
  if (match.route.layout === "assistant" && assistantId) {
    requests.push({ url: "/api/assistants/all" });
    requests.push({
      url: "/api/assistants/chats",
      body: JSON.stringify({ assistantId, limit: CHAT_PAGE_SIZE, offset: 0 }),
    });
  }
  if (chatId) requests.push({ url: `/api/chat/${chatId}?limit=${MESSAGE_PAGE_SIZE}` });
  return requests;
}

/** Every namespace an app screen shows first (an assistant's screens show them all). */
export const EARLY_NAMESPACES = ["common", "app", "chat", "account", "errors"] as const;

/** Every namespace some page shows first: the app's, and the light home and pricing pages' own. */
export const FIRST_NAMESPACES = [...EARLY_NAMESPACES, "home", "pricing"] as const;

/**
 * The namespaces of catalogue the first screen at `path` shows: the app's screens also show the user menu
 * (account) and, in forms, error messages (errors). All of them are loaded before it first renders, so
 * that no part of it waits for its text after the rest is drawn.
 */
export function earlyNamespaces(path: string): (typeof EARLY_NAMESPACES)[number][] {
  const match = matchAppRoute(path);
  if (!match || !paramsAreValid(match) || !path.startsWith("/app")) return ["common"];
  if (match.route.layout === "assistant") return [...EARLY_NAMESPACES];
  return ["common", "app", "account", "errors"];
}

/**
 * The catalogues the entry script (client/main.tsx) loads before the page at `path` (without locale prefix)
 * first renders: the light home and pricing pages their own, the app its screen's.
 */
export function firstNamespaces(path: string): (typeof FIRST_NAMESPACES)[number][] {
  if (path === "/") return ["common", "home"];
  if (path === "/pricing") return ["common", "pricing"];
  return earlyNamespaces(path);
}
