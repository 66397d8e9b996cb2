// Browser storage helpers: bounded indexes, defaults on parse failures, the colour-mode migration.
import { describe, expect, it } from "vitest";
import {
  COLOR_MODE_KEY,
  COLOR_MODE_VERSION_KEY,
  effectiveColorMode,
  loadColorMode,
  saveColorMode,
  validForcedMode,
} from "../../src/domain/color-mode.ts";
import {
  CATEGORY_LINES,
  DRAFTS,
  readCategoryLine,
  readDraft,
  readIndex,
  readPwaInstalled,
  removeDraft,
  type StorageLike,
  writeCategoryLine,
  writeDraft,
  writePwaInstalled,
} from "../../src/domain/local-storage.ts";

/** An in-memory Web Storage, as the browser's behaves (strings in, strings out). */
class MemoryStorage implements StorageLike {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

/** A storage that refuses everything, like a browser with storage disabled. */
const broken: StorageLike = {
  getItem() {
    throw new Error("SecurityError");
  },
  setItem() {
    throw new Error("QuotaExceededError");
  },
  removeItem() {
    throw new Error("SecurityError");
  },
};

function logger() {
  const lines: string[] = [];
  return { lines, log: (message: string) => void lines.push(message) };
}

describe("message drafts", () => {
  it("keeps at most 100 drafts, dropping the oldest", () => {
    const storage = new MemoryStorage();
    const { log, lines } = logger();
    for (let i = 0; i < 105; i++) writeDraft(storage, `chat-${i}`, `draft ${i}`, log);
    expect(readIndex(storage, DRAFTS, log)).toHaveLength(100);
    expect(readDraft(storage, "chat-4", log)).toBe("");
    expect(readDraft(storage, "chat-5", log)).toBe("draft 5");
    expect(readDraft(storage, "chat-104", log)).toBe("draft 104");
    expect(lines).toEqual([]);
  });

  it("editing a draft makes it the newest, so it survives", () => {
    const storage = new MemoryStorage();
    const { log } = logger();
    for (let i = 0; i < 100; i++) writeDraft(storage, `c${i}`, "x", log);
    writeDraft(storage, "c0", "edited", log);
    writeDraft(storage, "c100", "new", log);
    expect(readDraft(storage, "c0", log)).toBe("edited");
    expect(readDraft(storage, "c1", log)).toBe("");
  });

  it("removes a draft emptied or sent", () => {
    const storage = new MemoryStorage();
    const { log } = logger();
    writeDraft(storage, "a", "hello", log);
    writeDraft(storage, "b", "world", log);
    writeDraft(storage, "a", "", log);
    removeDraft(storage, "b", log);
    expect(readDraft(storage, "a", log)).toBe("");
    expect(readIndex(storage, DRAFTS, log)).toEqual([]);
  });

  it("logs a corrupt index and starts a new one", () => {
    const storage = new MemoryStorage();
    storage.setItem(DRAFTS.indexKey, "{not json");
    const { log, lines } = logger();
    writeDraft(storage, "a", "hello", log);
    expect(lines).toHaveLength(1);
    expect(readIndex(storage, DRAFTS, log)).toEqual(["a"]);
  });
});

describe("category line flags", () => {
  it("default to false when missing or unparsable, logging the latter", () => {
    const storage = new MemoryStorage();
    const { log, lines } = logger();
    expect(readCategoryLine(storage, "text", log)).toBe(false);
    storage.setItem(`${CATEGORY_LINES.prefix}image`, "maybe");
    storage.setItem(`${CATEGORY_LINES.prefix}web`, '"true"');
    expect(readCategoryLine(storage, "image", log)).toBe(false);
    expect(readCategoryLine(storage, "web", log)).toBe(false);
    expect(lines).toHaveLength(2);
  });

  it("fall back to the caller's default, and a stored value beats it", () => {
    const storage = new MemoryStorage();
    const { log } = logger();
    expect(readCategoryLine(storage, "text", log, true)).toBe(true);
    storage.setItem(`${CATEGORY_LINES.prefix}image`, "maybe");
    expect(readCategoryLine(storage, "image", log, true)).toBe(true);
    writeCategoryLine(storage, "text", false, log);
    expect(readCategoryLine(storage, "text", log, true)).toBe(false);
    writeCategoryLine(storage, "text", true, log);
    expect(readCategoryLine(storage, "text", log, false)).toBe(true);
  });

  it("keep at most 20 keys", () => {
    const storage = new MemoryStorage();
    const { log } = logger();
    for (let i = 0; i < 22; i++) writeCategoryLine(storage, `k${i}`, true, log);
    expect(readIndex(storage, CATEGORY_LINES, log)).toHaveLength(20);
    expect(readCategoryLine(storage, "k1", log)).toBe(false);
    expect(readCategoryLine(storage, "k2", log)).toBe(true);
  });
});

describe("the has-installed-PWA flag", () => {
  it("is the string true or false, read as false otherwise or on failure", () => {
    const storage = new MemoryStorage();
    const { log, lines } = logger();
    expect(readPwaInstalled(storage, log)).toBe(false);
    writePwaInstalled(storage, true, log);
    expect(storage.getItem("has-installed-pwa")).toBe("true");
    expect(readPwaInstalled(storage, log)).toBe(true);
    storage.setItem("has-installed-pwa", "yes");
    expect(readPwaInstalled(storage, log)).toBe(false);
    expect(readPwaInstalled(broken, log)).toBe(false);
    expect(lines).toHaveLength(2);
  });
});

describe("the colour mode", () => {
  it("marks a fresh store with version 1.0.0 and defaults to system", () => {
    const storage = new MemoryStorage();
    expect(loadColorMode(storage, logger().log)).toBe("system");
    expect(storage.getItem(COLOR_MODE_VERSION_KEY)).toBe("1.0.0");
    expect(storage.getItem(COLOR_MODE_KEY)).toBeNull();
  });

  it("resets a legacy preference without version to system", () => {
    const storage = new MemoryStorage();
    storage.setItem(COLOR_MODE_KEY, "dark");
    expect(loadColorMode(storage, logger().log)).toBe("system");
    expect(storage.getItem(COLOR_MODE_KEY)).toBe("system");
    expect(storage.getItem(COLOR_MODE_VERSION_KEY)).toBe("1.0.0");
  });

  it("rewrites a different version and keeps the preference", () => {
    const storage = new MemoryStorage();
    storage.setItem(COLOR_MODE_KEY, "dark");
    storage.setItem(COLOR_MODE_VERSION_KEY, "0.9.0");
    expect(loadColorMode(storage, logger().log)).toBe("dark");
    expect(storage.getItem(COLOR_MODE_VERSION_KEY)).toBe("1.0.0");
  });

  it("keeps a saved choice across loads; a failing storage gives system", () => {
    const storage = new MemoryStorage();
    const { log, lines } = logger();
    saveColorMode(storage, "dark", log);
    expect(loadColorMode(storage, log)).toBe("dark");
    expect(loadColorMode(broken, log)).toBe("system");
    storage.setItem(COLOR_MODE_KEY, "purple");
    expect(loadColorMode(storage, log)).toBe("system");
    expect(lines).toHaveLength(2);
  });

  it("shows a forced mode first, then the preference; forcing system is refused with a warning", () => {
    expect(effectiveColorMode("dark", "light", false)).toBe("light");
    expect(effectiveColorMode("system", null, true)).toBe("dark");
    expect(effectiveColorMode("light", null, true)).toBe("light");
    const warnings: string[] = [];
    expect(validForcedMode("system", (m) => warnings.push(m))).toBeNull();
    expect(validForcedMode("dark", (m) => warnings.push(m))).toBe("dark");
    expect(warnings).toHaveLength(1);
  });
});
