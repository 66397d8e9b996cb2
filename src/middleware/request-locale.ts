// The language of the person making a request, for what the Worker writes them outside the app (pages, mails).
import type { Context } from "hono";
import { readerLocale } from "../domain/locale-routing";
import type { Locale } from "../domain/locales";

/** The locale cookie the app keeps, else the first of the browser's languages we speak, else English. */
export const requestLocale = (c: Context): Locale =>
  readerLocale(c.req.header("Cookie") ?? "", c.req.header("Accept-Language") ?? "");
