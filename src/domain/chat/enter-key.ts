// What Enter does where it sends what the user wrote (the composer, the question editor, an open chat's first
// frame): on a touch-first screen its keyboard has no Shift+Enter, so Enter breaks the line there and Send sends.

/**
 * A touch-first screen: its primary pointer is a finger. A tablet with a trackpad (a fine primary pointer)
 * counts as a desktop: it has a keyboard with Shift. public/theme-boot.js repeats this query.
 */
export const TOUCH_SCREEN_QUERY = "(pointer: coarse)";

/** The parts of a key press the rule reads (a DOM KeyboardEvent has them all). */
export interface EnterPress {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  /** An input method is composing (a Japanese or Chinese candidate is being picked): its Enter is its own. */
  isComposing: boolean;
}

/**
 * Whether this press sends (or confirms) instead of breaking the line. Ctrl+Enter (⌘+Enter) sends on every
 * screen: a tablet's external keyboard has it, and on a desktop it is what other editors taught.
 */
export function enterSends(press: EnterPress, touchScreen: boolean): boolean {
  if (press.key !== "Enter" || press.isComposing) return false;
  if (press.ctrlKey || press.metaKey) return true;
  return !touchScreen && !press.shiftKey;
}
