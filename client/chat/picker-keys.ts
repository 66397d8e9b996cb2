// The model picker's keyboard: the arrows and Enter in the search field (which owns the listboxes through
// aria-activedescendant), the arrows on a line's header, Escape anywhere in the popup, and Tab off its end.
import type { KeyboardEvent, RefObject } from "react";
import { flushSync } from "react-dom";

/** The popup's tab stops, in order: the search field, then each line's header. */
const STOPS = ".model-picker-search, .model-picker-group";

export function pickerKeys({
  count,
  active,
  activate,
  choose,
  close,
  search,
  button,
}: {
  /** How many options are listed (a collapsed line's are not). */
  count: number;
  active: number;
  activate(index: number): void;
  /** Picks the option at that place. */
  choose(index: number): void;
  close(): void;
  search: RefObject<HTMLInputElement | null>;
  button: RefObject<HTMLButtonElement | null>;
}) {
  const onSearchKey = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      activate(Math.min(count - 1, active + 1));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      activate(Math.max(0, active - 1));
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (active < count) choose(active);
    }
  };

  /** The arrows on a line's header go back to the search field, on the option below or above the header. */
  const onHeaderKey = (event: KeyboardEvent, firstBelow: number) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    const index = event.key === "ArrowDown" ? firstBelow : firstBelow - 1;
    if (index >= 0 && index < count) activate(index);
    search.current?.focus();
  };

  const onPopupKey = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      close();
      button.current?.focus();
      return;
    }
    const plainTab =
      event.key === "Tab" && !event.shiftKey && !event.altKey && !event.ctrlKey && !event.metaKey;
    if (!plainTab || event.target !== [...event.currentTarget.querySelectorAll(STOPS)].at(-1)) return;
    // Tab off the last stop closes here: with nothing focusable after the picker the focus leaves the document,
    // no focusin says so, and that looks to the page like another window taking the focus, which must leave the
    // popup open. Closed at once and the focus put back on the button, the browser's own Tab then moves on from
    // there, to what follows the picker in the page, as it would have from the popup.
    flushSync(close);
    button.current?.focus();
  };

  return { onSearchKey, onHeaderKey, onPopupKey };
}
