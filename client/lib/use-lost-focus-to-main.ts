// The last resort for a focus the page would drop. When the control that has it goes and nothing takes it up
// (Sign in, Join or Continue this chat, whose screen gives way to the next; a dismissed notice), the browser
// leaves it on <body> and a keyboard or screen-reader user starts again from the top of the page. The screen's
// main region (`#main`) takes it instead. Places that know a better one (use-focus-after-removal.ts, the
// composer's field after Stop) put it there first: this waits for them, and leaves any focus they gave.
import { useEffect } from "react";

/**
 * Focuses the screen's main region, focusable by script for this once: as a click target it would take the
 * focus from every click on text. The skip link uses it too (client/layouts/skip-link.tsx).
 */
export function focusMain(main: HTMLElement, options?: FocusOptions): void {
  main.tabIndex = -1;
  main.addEventListener("blur", () => main.removeAttribute("tabindex"), { once: true });
  main.focus(options);
}

/** Long enough for the new screen's own effects, which may place the focus themselves (React runs them as tasks). */
const AFTER_THE_SCREEN_MS = 50;

export function useLostFocusToMain(): void {
  useEffect(() => {
    let held: Element | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onFocusIn = (event: FocusEvent) => {
      held = event.target instanceof Element ? event.target : null;
    };
    const place = () => {
      timer = undefined;
      if (!held || held.isConnected) return;
      const active = document.activeElement;
      if (active && active !== document.body) return;
      // A screen still on its way (its layout loading) has no main region yet: its arrival is a change too.
      const main = document.getElementById("main");
      if (!main) return;
      held = null;
      focusMain(main, { preventScroll: true });
    };
    // Per batch of changes, one question (is the focused control still there?): cheap while an answer streams.
    const observer = new MutationObserver(() => {
      if (held && !held.isConnected && timer === undefined) timer = setTimeout(place, AFTER_THE_SCREEN_MS);
    });
    document.addEventListener("focusin", onFocusIn);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      document.removeEventListener("focusin", onFocusIn);
      observer.disconnect();
      clearTimeout(timer);
    };
  }, []);
}
