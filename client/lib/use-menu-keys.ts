// A popover menu from the keyboard: opened by a key, its first item takes the focus, and the arrow keys, Home
// and End move among its items (Tab still goes through them), as the menu button pattern has it.
import { type RefObject, useEffect } from "react";

const ITEMS = ".menu-item";
const OPENING_KEYS = new Set(["Enter", " ", "ArrowDown", "ArrowUp"]);

/**
 * Whether the last thing the person did was a key that opens a menu: a menu opened with the pointer leaves the
 * focus where it was, as a pointer user expects. One pair of listeners for the page, however many menus it has
 * (every chat of the list has one).
 */
let openedByKey = false;
let watching = false;
function watchInput() {
  if (watching) return;
  watching = true;
  document.addEventListener("keydown", (event) => (openedByKey = OPENING_KEYS.has(event.key)), true);
  document.addEventListener("pointerdown", () => (openedByKey = false), true);
}

export function useMenuKeys(menu: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = menu.current;
    if (!root) return;
    watchInput();
    const items = () =>
      [...root.querySelectorAll<HTMLElement>(ITEMS)].filter((item) => item.checkVisibility());
    const onToggle = (event: Event) => {
      if ((event as ToggleEvent).newState === "open" && openedByKey) items()[0]?.focus();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const list = items();
      const at = list.indexOf(document.activeElement as HTMLElement);
      const last = list.length - 1;
      const to =
        event.key === "Home"
          ? 0
          : event.key === "End"
            ? last
            : event.key === "ArrowDown"
              ? at < 0 || at === last
                ? 0
                : at + 1
              : event.key === "ArrowUp"
                ? at <= 0
                  ? last
                  : at - 1
                : null;
      const next = to === null ? undefined : list[to];
      if (!next) return;
      event.preventDefault();
      next.focus();
    };
    root.addEventListener("toggle", onToggle);
    root.addEventListener("keydown", onKeyDown);
    return () => {
      root.removeEventListener("toggle", onToggle);
      root.removeEventListener("keydown", onKeyDown);
    };
  }, [menu]);
}
