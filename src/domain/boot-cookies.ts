// The cookies a page's boot script and the app's first render read, as the Worker copies them into an app
// page: a page's first read of document.cookie waits on the browser process, before the first paint.
import { LOCALE_COOKIE } from "./locale-routing.ts";
import { SIGNED_IN_HINT_COOKIE } from "./sessions.ts";

/** On `<html>`: public/theme-boot.js and client/main.tsx read it in place of document.cookie. */
export const BOOT_COOKIES_ATTRIBUTE = "data-boot-cookies";

const NAMES = new Set([SIGNED_IN_HINT_COOKIE, LOCALE_COOKIE]);

/**
 * The request's hint and locale cookies, in a Cookie header's form and order. Never the session, which
 * scripts must not see; and only plain values (a locale, a flag): anything else means nothing to either
 * reader, so leaving it out changes no decision.
 */
export function bootCookies(cookieHeader: string): string {
  return cookieHeader
    .split(";")
    .map((part) => part.trim())
    .filter((part) => {
      const pair = /^([\w-]+)=([\w-]*)$/.exec(part);
      return pair !== null && NAMES.has(pair[1] ?? "");
    })
    .join("; ");
}
