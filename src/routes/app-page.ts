// /app/a/{assistant}/c/{chat} (and its locale-prefixed forms): the SPA's page with the chat's newest messages
// already in its first frame, so a full page load shows them before any script has run.
import { Hono } from "hono";
import { senderOf } from "../answers/sender";
import { readChatPage } from "../db/chat-page";
import { oneShot } from "../db/client";
import { assistantOfSegment, OPEN_CHAT_PAGE } from "../domain/app-routes";
import { BOOT_COOKIES_ATTRIBUTE, bootCookies } from "../domain/boot-cookies";
import { acceptedLanguages, initialLocale } from "../domain/locale-routing";
import { catalogueFiles, parseRoutePlan, preloadTags, routeFiles } from "../domain/route-preload";
import type { AppEnv } from "../env";
import { notFound } from "../errors";
import { renderChatShell, SHELL_MESSAGES, withChatShell } from "../sharing/chat-shell";
import { assetCatalogue } from "../sharing/chat-shell-notice";
import { assetStylesheet } from "../sharing/katex-styles";
import { attachmentDto } from "./dto";

/** The SPA's own page for this address, as the assets would answer it (never a 304 of an older copy). */
const spaPage = (c: { env: AppEnv["Bindings"]; req: { url: string } }) => {
  // Only a runtime without the SPA's assets has no binding (the Worker tests' pool): no page to serve.
  if (!c.env.ASSETS) throw notFound("No such page.");
  return c.env.ASSETS.fetch(new Request(c.req.url, { headers: { Accept: "text/html" } }));
};

/**
 * The page's first scripts and styles as link tags at the end of its head: the browser's preload scanner asks
 * for them as the bytes arrive, before the boot script has run (it then leaves them to these: the plan is
 * marked `data-preloaded`). On a phone that starts the app's code ~0.4 s sooner, and takes ~16 fetches out of
 * the task that must end before the first paint. At the end, so that the page's own stylesheet (render-
 * blocking) and entry script are asked for first: over HTTP/1.1 a browser opens six connections to a host,
 * and a stylesheet behind 13 preloads waits for one.
 *
 * `low` where the page's first frame is in the body sent with the head (the new chat's greeting): the frame
 * paints once the page's stylesheet is here, and the screen's code need not share the network with it (at 4×
 * CPU the screen's blocking time after its first paint fell from ~0.5–0.7 s to ~0.2–0.3 s: the code arrives
 * after the entry has run and evaluates in tasks of its own). Not on an open chat's page, whose frame follows
 * once the chat is read: the browser would hold low-priority requests back until that body arrives.
 *
 * It also copies the request's hint and locale cookies onto `<html>` (src/domain/boot-cookies.ts): the boot
 * script and the app's first render read them there, not from document.cookie.
 */
export const withRoutePreloads = (
  page: Response,
  pathname: string,
  {
    low = false,
    cookies = "",
    languages = [],
  }: { low?: boolean; cookies?: string; languages?: readonly string[] } = {},
): Response => {
  if (!page.headers.get("Content-Type")?.startsWith("text/html")) return page;
  // The locale the app will start in (client/main.tsx decides it from the same three things).
  const { locale } = initialLocale(pathname, "", cookies, languages);
  let tags = "";
  return new HTMLRewriter()
    .on("html", {
      element(el) {
        el.setAttribute(BOOT_COOKIES_ATTRIBUTE, bootCookies(cookies));
      },
    })
    .on('meta[name="route-preload"]', {
      element(el) {
        const plan = parseRoutePlan(el.getAttribute("content") ?? "");
        const code = plan ? routeFiles(plan, pathname) : [];
        if (!plan || code.length === 0) return;
        // Its texts too, which the app asks for only once its entry has run.
        const files = [...code, ...catalogueFiles(plan, pathname, locale)];
        el.setAttribute("data-preloaded", "");
        tags = preloadTags(files, { low });
      },
    })
    .on("head", {
      element(el) {
        el.onEndTag((end) => {
          if (tags) end.before(tags, { html: true });
        });
      },
    })
    .transform(page);
};

/** Only an open chat's page reads the session (and so the database); the rest of /app passes through. */
export const isOpenChatPath = (path: string) => OPEN_CHAT_PAGE.test(path);

export const appPageRoutes = new Hono<AppEnv>().get("/*", async (c) => {
  const url = new URL(c.req.url);
  const match = OPEN_CHAT_PAGE.exec(url.pathname);
  const chatId = Number(match?.[2] ?? Number.NaN);
  // Its session is checked by the chat's read (src/middleware/session.ts): none means no frame.
  const session = c.var.deferredSession;
  const cookies = c.req.header("Cookie") ?? "";
  const languages = acceptedLanguages(c.req.header("Accept-Language") ?? "");
  // Anything else under /app, and a reader the app would send elsewhere, gets the page as it is.
  if (!Number.isSafeInteger(chatId) || chatId <= 0 || !session)
    return withRoutePreloads(await spaPage(c), url.pathname, { low: true, cookies, languages });
  const { locale } = initialLocale(url.pathname, "", cookies, languages);
  const page = spaPage(c);
  // Read while the page is fetched; a failed read leaves the page as it is (withChatShell).
  const assistant = assistantOfSegment(match?.[1] ?? "");
  const reader = senderOf({ session }).sender;
  const shell = readChatPage(oneShot(c.env), { sender: reader, chatId, limit: SHELL_MESSAGES }).then(
    (page) =>
      // Under another assistant's address the app shows what it shows there (maybe an error), not this frame.
      page && page.messages.length > 0 && page.chat.assistantId === assistant
        ? renderChatShell(page.messages, {
            defaultAssistant: assistant === null,
            locale,
            // The questions' files, read with the messages (and by the user, in SQL), as the app gets them.
            files: page.files.map(attachmentDto),
            // A failed answer's notice is one sentence of many: read from the reader's catalogue when one is shown.
            catalogue: assetCatalogue(c.env.ASSETS, c.req.url),
          })
        : null,
  );
  // The page goes out without the frame then (withChatShell); the log says why.
  shell.catch((err: unknown) => console.error("open chat's first frame: reading the chat failed", err));
  return withChatShell(
    withRoutePreloads(await page, url.pathname, { cookies, languages }),
    shell,
    assetStylesheet(c.env.ASSETS, c.req.url),
  );
});
