// The subset of i18next's message format our catalogues use, so the app renders them without loading
// i18next: nested keys, plurals by count (_zero, then the locale's plural rule), {{name}} and {{name, price}}.
// tests/domain/catalogues.test.ts proves both give the same text for every key of every catalogue.
import { CURRENCY } from "./pricing.ts";

export interface Catalogue {
  [key: string]: string | Catalogue;
}

/**
 * Intl's formatters, one per locale and format: making one costs far more than using it (a chat screen's
 * message times made one per message, ~0.1 s of its first render on a slow phone).
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** A price in the locale's currency style: whole amounts without decimals, others with two. */
export const formatPrice = (value: number, locale: string): string => {
  const digits = Number.isInteger(value) ? 0 : 2;
  return cached(
    `price|${locale}|${digits}`,
    () =>
      new Intl.NumberFormat(locale, { style: "currency", currency: CURRENCY, minimumFractionDigits: digits }),
  ).format(value);
};

export function lookup(catalogue: Catalogue, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split(".")) {
    if (typeof node !== "object") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** i18next's formatters as our catalogues use them: price, number and datetime(option: value; …). */
function formatted(value: unknown, format: string, locale: string): string {
  const [, name = format, args = ""] = /^(\w+)(?:\((.*)\))?$/.exec(format) ?? [];
  const options = Object.fromEntries(
    args
      .split(";")
      .map((pair) => pair.split(":").map((part) => part.trim()))
      .filter((pair): pair is [string, string] => Boolean(pair[0] && pair[1])),
  );
  if (name === "price" && typeof value === "number") return formatPrice(value, locale);
  const key = `${name}|${locale}|${args}`;
  if (name === "number")
    return cached(key, () => new Intl.NumberFormat(locale, options)).format(Number(value));
  if (name === "datetime") {
    const date = value instanceof Date ? value : new Date(value as string | number);
    return cached(key, () => new Intl.DateTimeFormat(locale, options)).format(date);
  }
  return String(value);
}

const pluralRules = new Map<string, Intl.PluralRules>();

/** i18next's plural lookup: `key_zero` for 0 when there is one, else the locale's category (`key_one`…). */
function pluralOf(catalogue: Catalogue, key: string, count: unknown, locale: string): string | undefined {
  if (typeof count !== "number") return undefined;
  if (count === 0) {
    const zero = lookup(catalogue, `${key}_zero`);
    if (zero !== undefined) return zero;
  }
  const rules = pluralRules.get(locale) ?? new Intl.PluralRules(locale);
  pluralRules.set(locale, rules);
  return lookup(catalogue, `${key}_${rules.select(count)}`);
}

/** The message for `key` with its values filled in; a missing key shows the key, as i18next does. */
export function formatMessage(
  catalogue: Catalogue,
  key: string,
  values: Readonly<Record<string, unknown>>,
  locale: string,
): string {
  const message = pluralOf(catalogue, key, values.count, locale) ?? lookup(catalogue, key);
  if (message === undefined) return key;
  return message.replace(
    /\{\{\s*([\w.]+)\s*(?:,\s*([^}]+?)\s*)?\}\}/g,
    (whole, name: string, format?: string) => {
      const value = values[name];
      if (value === undefined) return whole;
      return format ? formatted(value, format, locale) : String(value);
    },
  );
}
