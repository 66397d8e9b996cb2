// API keys (issue #19): their format, the per-user cap, the per-key rate, and their wire shapes.
import { FAIR_USAGE_RATES, type FairUsageRate } from "./fair-usage.ts";

/** At most this many live keys per user; revoking one frees a place. */
export const MAX_API_KEYS_PER_USER = 10;

/** Every key starts with this, so secret scanners and people can tell what it is. */
export const API_KEY_PREFIX = "sb_";

/** The secret after the prefix: 32 random bytes, base64url without padding (43 characters). */
export const API_KEY_PATTERN = /^sb_[A-Za-z0-9_-]{43}$/;

/** How many leading characters of a key the list shows ("sb_" and 8 of the secret). */
export const API_KEY_SHOWN_CHARS = 11;

export const API_KEY_NAME_MAX = 100;

/** Requests a minute one key may make when API_KEY_REQUESTS_PER_MINUTE is unset. */
export const DEFAULT_API_KEY_REQUESTS_PER_MINUTE = 20;

/** The `Authorization: Bearer …` value of a request, or null when it has none. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return match?.[1] ?? null;
}

/**
 * A key is rated on its own (its requests, not its owner's in the app): the fair-usage rates, with the
 * per-minute one set by the deployment (API_KEY_REQUESTS_PER_MINUTE) so one leaked key cannot spend a
 * team's pooled quota in a minute.
 */
export function apiKeyRates(perMinute: number): FairUsageRate[] {
  const limit = Math.max(1, Math.floor(perMinute));
  return FAIR_USAGE_RATES.map((rate) => (rate.windowSeconds === 60 ? { limit, windowSeconds: 60 } : rate));
}

/** Reads API_KEY_REQUESTS_PER_MINUTE: a positive whole number, else the default. */
export function requestsPerMinuteOf(value: unknown): number {
  const n = typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : DEFAULT_API_KEY_REQUESTS_PER_MINUTE;
}

/** One key in the list: never the secret, only its first characters. */
export interface ApiKeyWire {
  id: number;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** The answer to a creation: the only time the whole key is ever sent. */
export interface CreatedApiKeyWire {
  id: number;
  key: string;
  apiKey: ApiKeyWire;
}
