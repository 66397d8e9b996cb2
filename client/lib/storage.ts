// The browser's localStorage behind the domain's StorageLike, and the log every storage failure goes to.
import type { Logger, StorageLike } from "../../src/domain/local-storage";

/** Reaching window.localStorage itself throws when storage is disabled: each call is guarded by the caller. */
export const browserStorage: StorageLike = {
  getItem: (key) => window.localStorage.getItem(key),
  setItem: (key, value) => window.localStorage.setItem(key, value),
  removeItem: (key) => window.localStorage.removeItem(key),
};

export const logStorage: Logger = (message, error) => console.error(message, error ?? "");
