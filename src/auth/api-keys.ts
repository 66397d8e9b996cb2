// API key secrets: made from 256 random bits, kept only as a SHA-256 digest, checked in constant time.
import { API_KEY_PATTERN, API_KEY_PREFIX, API_KEY_SHOWN_CHARS } from "../domain/api-keys";
import { constantTimeEqual, newSessionToken, sha256Hex } from "./tokens";

export interface NewApiKey {
  /** The whole key: handed to the user once, never stored. */
  key: string;
  /** Its first characters, stored to tell keys apart in the list. */
  prefix: string;
  hash: string;
}

export async function newApiKey(): Promise<NewApiKey> {
  const key = `${API_KEY_PREFIX}${newSessionToken()}`;
  return { key, prefix: key.slice(0, API_KEY_SHOWN_CHARS), hash: await hashApiKey(key) };
}

export const hashApiKey = (key: string): Promise<string> => sha256Hex(key);

/** Whether `key` could be one of ours at all: anything else is refused without touching the database. */
export const isApiKeyShaped = (key: string): boolean => API_KEY_PATTERN.test(key);

/** The stored digest against the presented key's, in time independent of where they differ. */
export const apiKeyMatches = (storedHash: string, presentedHash: string): boolean =>
  constantTimeEqual(storedHash, presentedHash);
