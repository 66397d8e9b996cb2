// Colour mode (SPEC §3, §4): light, dark or system, stored with a version marker; pages may force a mode.
import type { Logger, StorageLike } from "./local-storage.ts";

export const COLOR_MODES = ["light", "dark", "system"] as const;
export type ColorModePreference = (typeof COLOR_MODES)[number];
export type ColorMode = "light" | "dark";

export const COLOR_MODE_KEY = "color-mode";
export const COLOR_MODE_VERSION_KEY = "color-mode-version";
export const COLOR_MODE_VERSION = "1.0.0";

export const isColorModePreference = (value: unknown): value is ColorModePreference =>
  typeof value === "string" && (COLOR_MODES as readonly string[]).includes(value);

export interface StoredColorMode {
  preference: string | null;
  version: string | null;
}

/**
 * SPEC §3: a preference stored before versions existed is reset to system; a different version is rewritten.
 * Returns what to store (null preference = leave it absent) and the preference in effect.
 */
export function migrateColorMode(stored: StoredColorMode): {
  write: { preference?: ColorModePreference; version?: string };
  preference: ColorModePreference;
} {
  const write: { preference?: ColorModePreference; version?: string } = {};
  let preference: ColorModePreference = isColorModePreference(stored.preference)
    ? stored.preference
    : "system";
  if (stored.version === null && stored.preference !== null) {
    preference = "system";
    write.preference = "system";
  }
  if (stored.version !== COLOR_MODE_VERSION) write.version = COLOR_MODE_VERSION;
  return { write, preference };
}

/** Reads the preference from storage, applying the migration; failures fall back to system. */
export function loadColorMode(storage: StorageLike, log: Logger): ColorModePreference {
  let stored: StoredColorMode;
  try {
    stored = {
      preference: storage.getItem(COLOR_MODE_KEY),
      version: storage.getItem(COLOR_MODE_VERSION_KEY),
    };
  } catch (error) {
    log("Failed to read the colour mode from local storage", error);
    return "system";
  }
  const { write, preference } = migrateColorMode(stored);
  try {
    if (write.preference) storage.setItem(COLOR_MODE_KEY, write.preference);
    if (write.version) storage.setItem(COLOR_MODE_VERSION_KEY, write.version);
  } catch (error) {
    log("Failed to write the colour mode to local storage", error);
  }
  if (stored.preference !== null && !isColorModePreference(stored.preference)) {
    log(`Unknown colour mode "${stored.preference}" in local storage, using system`);
  }
  return preference;
}

export function saveColorMode(storage: StorageLike, preference: ColorModePreference, log: Logger): void {
  try {
    storage.setItem(COLOR_MODE_KEY, preference);
    storage.setItem(COLOR_MODE_VERSION_KEY, COLOR_MODE_VERSION);
  } catch (error) {
    log("Failed to save the colour mode to local storage", error);
  }
}

/** What is shown: a forced mode wins, then the preference, with system following the device. */
export function effectiveColorMode(
  preference: ColorModePreference,
  forced: ColorMode | null,
  systemPrefersDark: boolean,
): ColorMode {
  if (forced) return forced;
  if (preference === "system") return systemPrefersDark ? "dark" : "light";
  return preference;
}

/** A page may force light or dark; forcing system means nothing and is refused with a warning (SPEC §4). */
export function validForcedMode(mode: string, warn: (message: string) => void): ColorMode | null {
  if (mode === "light" || mode === "dark") return mode;
  warn(`A page cannot force the colour mode "${mode}": only light or dark can be forced.`);
  return null;
}
