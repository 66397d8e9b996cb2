// The language an account saved in its settings follows it to every browser it signs in on: the locale
// cookie is set with the sign-in, and the answer (or the OAuth redirect) carries it for the path prefix.
import type { Context } from "hono";
import { setCookie } from "hono/cookie";
import { findPreferences } from "../db/preferences";
import { LOCALE_COOKIE } from "../domain/locale-routing";
import { isLocale, LOCALE_COOKIE_MAX_AGE_SECONDS, type Locale } from "../domain/locales";
import type { AppEnv } from "../env";

export async function applySavedLanguage(c: Context<AppEnv>, userId: number): Promise<Locale | null> {
  const preferences = await findPreferences(c.var.db(), { userId });
  const lang = isLocale(preferences?.lang) ? preferences.lang : null;
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
