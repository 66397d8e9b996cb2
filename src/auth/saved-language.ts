// The language an account saved in its settings follows it to every browser it signs in on: the locale
// cookie is set with the sign-in, and the answer (or the OAuth redirect) carries it for the path prefix; the
// mails to the account speak it too.
import type { Context } from "hono";
import { setCookie } from "hono/cookie";
import type { Database } from "../db/client";
import { findPreferences } from "../db/preferences";
import { LOCALE_COOKIE } from "../domain/locale-routing";
import { isLocale, LOCALE_COOKIE_MAX_AGE_SECONDS, type Locale } from "../domain/locales";
import type { AppEnv } from "../env";

/** The language the account saved in its settings, if it saved one. */
export async function savedLanguage(db: Database, userId: number): Promise<Locale | null> {
  const preferences = await findPreferences(db, { userId });
  return isLocale(preferences?.lang) ? preferences.lang : null;
}

/**
 * The language of a mail to an existing account: the one it saved ("on all your devices", says Settings), else
 * the request's. A password reset asked from a browser that never chose a language still reads as the owner set.
 */
export async function accountMailLocale(db: Database, userId: number, requested: Locale): Promise<Locale> {
  return (await savedLanguage(db, userId)) ?? requested;
}

export async function applySavedLanguage(c: Context<AppEnv>, userId: number): Promise<Locale | null> {
  const lang = await savedLanguage(c.var.db(), userId);
  if (lang) {
    // Not HttpOnly: the client keeps the same cookie when the visitor picks a language (client/i18n).
    setCookie(c, LOCALE_COOKIE, lang, {
      maxAge: LOCALE_COOKIE_MAX_AGE_SECONDS,
      path: "/",
      sameSite: "Lax",
      secure: new URL(c.req.url).protocol === "https:",
    });
  }
  return lang;
}
