// Browser storage rules of SPEC §3: drafts and category-line flags behind bounded indexes, the PWA flag.

/** The part of the Web Storage API we use; every call may throw (quota, disabled storage). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Where failures go: parse failures are logged and a default is used (SPEC §8). */
export type Logger = (message: string, error?: unknown) => void;

export interface BoundedIndex {
  /** Prefix of every stored item. */
  prefix: string;
  /** Key of the JSON array of item keys, oldest first. */
  indexKey: string;
  limit: number;
}

export const DRAFTS: BoundedIndex = { prefix: "draft:", indexKey: "draft-index", limit: 100 };
export const CATEGORY_LINES: BoundedIndex = {
  prefix: "category-line:",
  indexKey: "category-line-index",
  limit: 20,
};
export const PWA_INSTALLED_KEY = "has-installed-pwa";
/** Set when the visitor cancels the install prompt, so it is not offered again (SPEC §4). */
export const PWA_INSTALL_DECLINED_KEY = "pwa-install-declined";

function safeGet(storage: StorageLike, key: string, log: Logger): string | null {
  try {
    return storage.getItem(key);
  } catch (error) {
    log(`Failed to read "${key}" from local storage`, error);
    return null;
  }
}

function safeSet(storage: StorageLike, key: string, value: string, log: Logger): void {
  try {
    storage.setItem(key, value);
  } catch (error) {
    log(`Failed to write "${key}" to local storage`, error);
  }
}

function safeRemove(storage: StorageLike, key: string, log: Logger): void {
  try {
    storage.removeItem(key);
  } catch (error) {
    log(`Failed to remove "${key}" from local storage`, error);
  }
}

export function readIndex(storage: StorageLike, index: BoundedIndex, log: Logger): string[] {
  const raw = safeGet(storage, index.indexKey, log);
  if (raw === null) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (Array.isArray(parsed) && parsed.every((key) => typeof key === "string")) return parsed;
    throw new TypeError("not an array of keys");
  } catch (error) {
    log(`Failed to parse the local storage index "${index.indexKey}"`, error);
    return [];
  }
}

/** Records `key` as the newest entry and removes the oldest entries beyond the limit. */
function touch(storage: StorageLike, index: BoundedIndex, key: string, log: Logger): void {
  const keys = readIndex(storage, index, log).filter((k) => k !== key);
  keys.push(key);
  const dropped = keys.splice(0, Math.max(0, keys.length - index.limit));
  for (const old of dropped) safeRemove(storage, index.prefix + old, log);
  safeSet(storage, index.indexKey, JSON.stringify(keys), log);
}

function forget(storage: StorageLike, index: BoundedIndex, key: string, log: Logger): void {
  safeRemove(storage, index.prefix + key, log);
  const keys = readIndex(storage, index, log);
  if (keys.includes(key)) {
    safeSet(storage, index.indexKey, JSON.stringify(keys.filter((k) => k !== key)), log);
  }
}

export function readDraft(storage: StorageLike, key: string, log: Logger): string {
  return safeGet(storage, DRAFTS.prefix + key, log) ?? "";
}

/** Saves a message draft; an empty draft is removed rather than stored. */
export function writeDraft(storage: StorageLike, key: string, text: string, log: Logger): void {
  if (!text) {
    forget(storage, DRAFTS, key, log);
    return;
  }
  safeSet(storage, DRAFTS.prefix + key, text, log);
  touch(storage, DRAFTS, key, log);
}

export const removeDraft = (storage: StorageLike, key: string, log: Logger): void =>
  forget(storage, DRAFTS, key, log);

/**
 * A category line's selection flag (the model picker: is this category expanded), `fallback` (false unless
 * told) when missing or not a stored boolean.
 */
export function readCategoryLine(storage: StorageLike, key: string, log: Logger, fallback = false): boolean {
  const raw = safeGet(storage, CATEGORY_LINES.prefix + key, log);
  if (raw === null) return fallback;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed === "boolean") return parsed;
    throw new TypeError("not a boolean");
  } catch (error) {
    log(`Failed to parse the category line flag "${key}"`, error);
    return fallback;
  }
}

export function writeCategoryLine(storage: StorageLike, key: string, selected: boolean, log: Logger): void {
  safeSet(storage, CATEGORY_LINES.prefix + key, JSON.stringify(selected), log);
  touch(storage, CATEGORY_LINES, key, log);
}

/** A flag stored as the string "true" or "false"; anything else, or a failing storage, reads as false. */
export function readFlag(storage: StorageLike, key: string, log: Logger): boolean {
  const raw = safeGet(storage, key, log);
  if (raw === null || raw === "false") return false;
  if (raw === "true") return true;
  log(`Failed to parse "${key}": ${JSON.stringify(raw)}`);
  return false;
}

export const writeFlag = (storage: StorageLike, key: string, value: boolean, log: Logger): void =>
  safeSet(storage, key, String(value), log);

export const readPwaInstalled = (storage: StorageLike, log: Logger): boolean =>
  readFlag(storage, PWA_INSTALLED_KEY, log);

export const writePwaInstalled = (storage: StorageLike, installed: boolean, log: Logger): void =>
  writeFlag(storage, PWA_INSTALLED_KEY, installed, log);
