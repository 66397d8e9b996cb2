// Locale by path prefix (English unprefixed), negotiated from the browser, kept in a cookie (SPEC §2, §9).
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE_MAX_AGE_SECONDS, LOCALES, type Locale } from "./locales.ts";

export const LOCALE_COOKIE = "locale";

export interface LocalePath {
  locale: Locale;
  /** "" for English, "/fr" etc. */
  prefix: string;
  /** The path without the prefix, always starting with "/". */
  path: string;
}

export const localePrefix = (locale: Locale): string => (locale === DEFAULT_LOCALE ? "" : `/${locale}`);

/** Splits "/fr/pricing" into fr + "/pricing"; an unprefixed path is English. */
export function splitLocalePath(pathname: string): LocalePath {
  const first = pathname.split("/")[1] ?? "";
  if (first !== DEFAULT_LOCALE && isLocale(first)) {
    const rest = pathname.slice(first.length + 1);
    return { locale: first, prefix: `/${first}`, path: rest.startsWith("/") ? rest : `/${rest}` };
  }
  return { locale: DEFAULT_LOCALE, prefix: "", path: pathname || "/" };
}

/** The address of a locale-less path in a locale: ("fr", "/") → "/fr", ("fr", "/pricing") → "/fr/pricing". */
export function localizePath(locale: Locale, path: string): string {
  const prefix = localePrefix(locale);
  if (!prefix) return path;
  return path === "/" ? prefix : `${prefix}${path}`;
}

/** The first supported language of the browser's list, by full tag then by primary subtag; else English. */
export function negotiateLocale(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    if (isLocale(primary)) return primary;
  }
  return DEFAULT_LOCALE;
}

/** The language tags of an Accept-Language header, in its order (browsers list them by preference). */
export const acceptedLanguages = (header: string): string[] =>
  header.split(",").map((tag) => tag.split(";")[0]?.trim() ?? "");

/** The language of a page whose address names none (a shared page): the cookie's, else the browser's. */
export const readerLocale = (cookieHeader: string, acceptLanguage: string): Locale =>
  readLocaleCookie(cookieHeader) ?? negotiateLocale(acceptedLanguages(acceptLanguage));

/**
 * The header the app's API requests carry: the language of the page that sends them, its address's prefix
 * (client/lib/api.ts). A visit under /de/ is a choice of German even when no cookie says so.
 */
export const PAGE_LOCALE_HEADER = "X-Page-Locale";

/**
 * The language of a request, for what the Worker writes its sender (mails, return addresses): the page's,
 * else the reader's (the cookie, else the browser's). Anything but one of our locales in the header is ignored.
 */
export const requestLocaleOf = (pageLocale: string, cookieHeader: string, acceptLanguage: string): Locale =>
  isLocale(pageLocale) ? pageLocale : readerLocale(cookieHeader, acceptLanguage);

export function readLocaleCookie(cookieHeader: string): Locale | null {
  for (const part of cookieHeader.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === LOCALE_COOKIE && isLocale(value)) return value;
  }
  return null;
}

/** The Set-Cookie string for document.cookie: a year (SPEC §9), the whole site. */
export function localeCookie(locale: Locale, secure: boolean): string {
  return `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export interface InitialLocale extends LocalePath {
  /** Set when the visitor belongs elsewhere: replace the address before rendering. */
  redirectTo?: string;
}

/**
 * The locale of a first load. A prefix wins ("/en/…" is normalised to the unprefixed English address);
 * an unprefixed path goes to the cookie's locale, else to the browser's.
 */
export function initialLocale(
  pathname: string,
  search: string,
  cookieHeader: string,
  languages: readonly string[],
): InitialLocale {
  if (pathname === "/en" || pathname.startsWith("/en/")) {
    const path = pathname.slice(3) || "/";
    return { locale: DEFAULT_LOCALE, prefix: "", path, redirectTo: `${path}${search}` };
  }
  const split = splitLocalePath(pathname);
  if (split.prefix) return split;
  const wanted = readLocaleCookie(cookieHeader) ?? negotiateLocale(languages);
  if (wanted === DEFAULT_LOCALE) return split;
  return {
    locale: wanted,
    prefix: localePrefix(wanted),
    path: split.path,
    redirectTo: `${localizePath(wanted, split.path)}${search}`,
  };
}

export { DEFAULT_LOCALE, LOCALES, type Locale };

/**
 * A full path ("/de/app/chat?x=1") moved under another locale's prefix ("/fr/app/chat?x=1"): where a
 * sign-in lands once the account's saved language applies.
 */
export function relocalizePath(fullPath: string, locale: Locale): string {
  const cut = fullPath.search(/[?#]/);
  const pathname = cut === -1 ? fullPath : fullPath.slice(0, cut);
  const rest = cut === -1 ? "" : fullPath.slice(cut);
  return `${localizePath(locale, splitLocalePath(pathname).path)}${rest}`;
}
