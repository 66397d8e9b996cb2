// The language of the person making a request, for what the Worker writes them outside the app (pages, mails).
import type { Context } from "hono";
import { PAGE_LOCALE_HEADER, requestLocaleOf } from "../domain/locale-routing";
import type { Locale } from "../domain/locales";

/**
 * The language of the page the request came from (the app names it in a header), else the locale cookie the
 * app keeps, else the first of the browser's languages we speak, else English.
 */
export const requestLocale = (c: Context): Locale =>
  requestLocaleOf(
    c.req.header(PAGE_LOCALE_HEADER) ?? "",
    c.req.header("Cookie") ?? "",
    c.req.header("Accept-Language") ?? "",
  );
