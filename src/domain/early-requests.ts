// What a screen reads first, so the entry script can ask for it while the app's code is still arriving.
import { matchAppRoute, paramsAreValid } from "./app-routes.ts";
import { MESSAGE_PAGE_SIZE } from "./chat/paging.ts";

/** The GETs the screen at `path` (without locale prefix) makes first: the user, its assistants, its chat. */
export function earlyRequests(path: string): string[] {
  const match = matchAppRoute(path);
  if (!match || !paramsAreValid(match)) return ["/api/login/user"];
  const urls = ["/api/login/user"];
  if (match.route.layout === "assistant") urls.push("/api/assistants/all");
  const chatId = match.params.chatId;
  if (chatId) urls.push(`/api/chat/${chatId}?limit=${MESSAGE_PAGE_SIZE}`);
  return urls;
}
