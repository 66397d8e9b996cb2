// When the control that has the focus goes with its item (a removed file, a revoked key), the browser drops
// the focus to <body> and a keyboard or screen-reader user starts again from the top of the page. This puts
// it on the same control of the item that took its place, else of the item before, else on a fallback.
import { type RefObject, useEffect, useRef } from "react";

/**
 * `container` must outlive the items (the list's items come and go inside it); `selector` names the items'
 * controls, e.g. their remove buttons. The focus is moved only when it was lost: if the person has gone on
 * elsewhere by the time a slow removal lands, it stays where they put it.
 */
export function useFocusAfterRemoval(
  container: RefObject<HTMLElement | null>,
  selector: string,
  fallback: () => HTMLElement | null | undefined,
): void {
  const fallbackRef = useRef(fallback);
  fallbackRef.current = fallback;
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const controls = () => [...root.querySelectorAll<HTMLElement>(selector)];
    let last: { element: HTMLElement; index: number } | null = null;
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      last =
        target instanceof HTMLElement && target.matches(selector)
          ? { element: target, index: controls().indexOf(target) }
          : null;
    };
    const observer = new MutationObserver(() => {
      if (!last || last.element.isConnected) return;
      const { index } = last;
      last = null;
      const active = document.activeElement;
      if (active && active !== document.body && active.isConnected) return;
      const rest = controls();
      (rest[index] ?? rest[index - 1] ?? fallbackRef.current())?.focus();
    });
    root.addEventListener("focusin", onFocusIn);
    observer.observe(root, { childList: true, subtree: true });
    return () => {
      root.removeEventListener("focusin", onFocusIn);
      observer.disconnect();
    };
  }, [container, selector]);
}
