// Object ids with Stripe's prefixes and lengths (cus_…, sub_…, cs_test_…), from a CSPRNG.
import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

export function randomChars(length: number): string {
  const bytes = randomBytes(length);
  let out = "";
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return out;
}

/** Stripe's ids: short ones for customers/products/items, `1…` + 23 for most others. */
const LENGTHS: Record<string, number> = { cus: 14, prod: 14, si: 14, li: 24, bps: 24, bpc: 24 };

export function newId(prefix: string): string {
  if (prefix === "cs") return `cs_test_a1${randomChars(56)}`;
  const length = LENGTHS[prefix];
  return length ? `${prefix}_${randomChars(length)}` : `${prefix}_1${randomChars(23)}`;
}

export const requestId = () => `req_${randomChars(14)}`;

/** Coupons take ids like `Z4OV52SU` unless one is chosen. */
export const couponId = () => randomChars(8).toUpperCase();

/** Customers' invoice number prefix, e.g. `7FE1103A`. */
export const invoicePrefix = () => randomBytes(4).toString("hex").toUpperCase();
