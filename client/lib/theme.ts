// The colour mode at run time: the stored preference, a mode forced by the page, and the device setting.
import { useSyncExternalStore } from "react";
import {
  type ColorMode,
  type ColorModePreference,
  effectiveColorMode,
  loadColorMode,
  saveColorMode,
  validForcedMode,
} from "../../src/domain/color-mode";
import { browserStorage, logStorage } from "./storage";

let preference: ColorModePreference = "system";
let forced: ColorMode | null = null;
const listeners = new Set<() => void>();
const media = typeof matchMedia === "function" ? matchMedia("(prefers-color-scheme: dark)") : null;

function apply() {
  const mode = effectiveColorMode(preference, forced, media?.matches ?? false);
  const root = document.documentElement;
  if (root.dataset.theme !== mode) root.dataset.theme = mode;
  root.style.colorScheme = mode;
  for (const listener of listeners) listener();
}

/**
 * Runs the storage migration; call once, before the first render. public/theme-boot.js already painted the
 * right mode, so nothing is applied here until a page forces a mode or the preference changes.
 */
export function startTheme(): void {
  preference = loadColorMode(browserStorage, logStorage);
  media?.addEventListener("change", apply);
}

export function setColorModePreference(next: ColorModePreference): void {
  preference = next;
  saveColorMode(browserStorage, next, logStorage);
  apply();
}

/** A page forcing light or dark; null lifts it. Forcing "system" is refused with a warning. */
export function forceColorMode(mode: string | null): void {
  forced = mode === null ? null : validForcedMode(mode, (message) => console.warn(message));
  apply();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useColorModePreference = () => useSyncExternalStore(subscribe, () => preference);
export const useForcedColorMode = () => useSyncExternalStore(subscribe, () => forced);
