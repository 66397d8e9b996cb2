// The interface languages (SPEC §1, §9) and how long the locale cookie lasts.

export const LOCALES = ["en", "fr", "it", "es", "de", "pt", "pl", "ca", "ro"] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = "en";
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export const isLocale = (value: unknown): value is Locale =>
  typeof value === "string" && (LOCALES as readonly string[]).includes(value);
