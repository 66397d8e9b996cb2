// Whether this is a touch-first screen (src/domain/chat/enter-key.ts): there Enter breaks the line and Send
// sends, and nothing focuses a field by itself (the on-screen keyboard would cover the page).
import { useSyncExternalStore } from "react";
import { TOUCH_SCREEN_QUERY } from "../../src/domain/chat/enter-key";

const media = typeof matchMedia === "function" ? matchMedia(TOUCH_SCREEN_QUERY) : null;

/** Read when asked, not only at load: a tablet can gain or lose its trackpad while the page is open. */
export const touchScreen = (): boolean => media?.matches ?? false;

const watch = (change: () => void) => {
  media?.addEventListener("change", change);
  return () => media?.removeEventListener("change", change);
};

export const useTouchScreen = (): boolean => useSyncExternalStore(watch, touchScreen, () => false);
