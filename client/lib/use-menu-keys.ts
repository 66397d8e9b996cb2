// A popover menu from the keyboard: opened by a key, its first item takes the focus, and the arrow keys, Home
// and End move among its items (Tab still goes through them), as the menu button pattern has it.
import { type RefObject, useEffect } from "react";

const ITEMS = ".menu-item";
const OPENING_KEYS = new Set(["Enter", " ", "ArrowDown", "ArrowUp"]);

export function useMenuKeys(menu: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = menu.current;
    if (!root) return;
    // Whether the last thing the person did was a key: a menu opened with the pointer keeps the focus where it
    // was, as a pointer user expects.
    let byKey = false;
    const onKeyDown = (event: KeyboardEvent) => {
      byKey = OPENING_KEYS.has(event.key);
    };
    const onPointerDown = () => {
      byKey = false;
    };
    const items = () =>
      [...root.querySelectorAll<HTMLElement>(ITEMS)].filter((item) => item.checkVisibility());
    const onToggle = (event: Event) => {
      if ((event as ToggleEvent).newState === "open" && byKey) items()[0]?.focus();
    };
    const onMenuKey = (event: KeyboardEvent) => {
      const list = items();
      if (list.length === 0) return;
      const at = list.indexOf(document.activeElement as HTMLElement);
      const next =
        event.key === "ArrowDown"
          ? list[(at + 1) % list.length]
          : event.key === "ArrowUp"
            ? list[(at - 1 + list.length) % list.length]
            : event.key === "Home"
              ? list[0]
              : event.key === "End"
                ? list[list.length - 1]
                : undefined;
      if (!next) return;
      event.preventDefault();
      next.focus();
    };
    document.addEventListener("keydown", onKeyDown, true);
    document.addEventListener("pointerdown", onPointerDown, true);
    root.addEventListener("toggle", onToggle);
    root.addEventListener("keydown", onMenuKey);
    return () => {
      document.removeEventListener("keydown", onKeyDown, true);
      document.removeEventListener("pointerdown", onPointerDown, true);
      root.removeEventListener("toggle", onToggle);
      root.removeEventListener("keydown", onMenuKey);
    };
  }, [menu]);
}
