// SPEC §9 copy handling: when the app rewrites what a copy puts on the clipboard, and in which form.

export type CopyMode =
  /** Leave the browser's own copy alone. */
  | "native"
  /** Put the selection's text only (inside an input or a textarea). */
  | "plain"
  /** Put a cleaned copy of the selection as HTML and as plain text. */
  | "clean";

export interface CopyContext {
  userAgent: string;
  /** The selection is empty (a caret, or nothing). */
  selectionEmpty: boolean;
  /** The copy starts in an input or a textarea. */
  inTextField: boolean;
}

export const isFirefox = (userAgent: string): boolean =>
  /\bFirefox\//.test(userAgent) && !/\bSeamonkey\//.test(userAgent);

export function copyMode({ userAgent, selectionEmpty, inTextField }: CopyContext): CopyMode {
  if (isFirefox(userAgent) || selectionEmpty) return "native";
  return inTextField ? "plain" : "clean";
}

/** What the cleaner removes: buttons, thinking blocks and web-search status blocks (by their markers). */
export const COPY_REMOVED_SELECTOR = "button, [data-copy-skip], .thinking-block, .search-status";
