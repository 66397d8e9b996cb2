// The subset of i18next's message format the light home page renders without loading i18next: nested
// keys, {{name}} and {{name, price}}. tests/domain/catalogues.test.ts proves both give the same text.
import { CURRENCY } from "./pricing.ts";

export interface Catalogue {
  [key: string]: string | Catalogue;
}

/** A price in the locale's currency style: whole amounts without decimals, others with two. */
export const formatPrice = (value: number, locale: string): string =>
  new Intl.NumberFormat(locale, {
    style: "currency",
    currency: CURRENCY,
    minimumFractionDigits: Number.isInteger(value) ? 0 : 2,
  }).format(value);

export function lookup(catalogue: Catalogue, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split(".")) {
    if (typeof node !== "object") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** The message for `key` with its values filled in; a missing key shows the key, as i18next does. */
export function formatMessage(
  catalogue: Catalogue,
  key: string,
  values: Readonly<Record<string, unknown>>,
  locale: string,
): string {
  const message = lookup(catalogue, key);
  if (message === undefined) return key;
  return message.replace(
    /\{\{\s*([\w.]+)\s*(?:,\s*(\w+)\s*)?\}\}/g,
    (whole, name: string, format?: string) => {
      const value = values[name];
      if (value === undefined) return whole;
      if (format === "price" && typeof value === "number") return formatPrice(value, locale);
      return String(value);
    },
  );
}
