// When a notice the user did not ask for may appear: never over the plan cards, on a phone (or a window too
// narrow for the account pages' side column) only on the chat screens, and on a phone only after the page's
// first touch, click, key or mouse wheel — LCP stops at the first input, so a notice shown before it could
// become the screen's largest paint.
import { useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { PLAN_PATHS } from "../../src/domain/app-routes";

const NARROW = "(max-width: 640px)";
/** Where the account pages are one column: no navigation column beside it to hold the notices. */
const ONE_COLUMN = "(max-width: 760px)";

export const isPlanPage = (pathname: string) => PLAN_PATHS.some((page) => pathname.startsWith(page));

const isNarrow = () => window.matchMedia(NARROW).matches;

/**
 * Pages the notices stay off (withdrawn there, back on the next page): the plan pages, and on a phone or a
 * screen too narrow for the account pages' navigation column, every page but the chat screens — an
 * account page's notice, waiting to be dismissed, would sit on its buttons (the welcome tips are about the
 * chat anyway). Wider, they wait in that column (state/notification-host.css).
 */
export const keepsNoticesOff = (
  pathname: string,
  oneColumn = window.matchMedia(ONE_COLUMN).matches,
): boolean => isPlanPage(pathname) || (oneColumn && !pathname.startsWith("/app/a/"));

// Once per page, not per component: listening from the module's start also catches a touch while an open
// chat's first frame is still up, and a notice's component mounting again (the other layout) does not wait
// for a second one.
let touched = false;
const waiting = new Set<() => void>();
// Not "scroll": the page scrolls itself (a chat opening at its newest message), and that is no input — LCP
// goes on. A finger's scroll begins with a pointerdown; a mouse wheel's is a wheel event.
const FIRST_INPUTS = ["pointerdown", "keydown", "wheel"] as const;

function touch() {
  touched = true;
  for (const name of FIRST_INPUTS) window.removeEventListener(name, touch, { capture: true });
  for (const notify of waiting) notify();
  waiting.clear();
}
for (const name of FIRST_INPUTS) window.addEventListener(name, touch, { passive: true, capture: true });

function subscribe(notify: () => void): () => void {
  if (touched) return () => {};
  waiting.add(notify);
  return () => waiting.delete(notify);
}

/** False on a narrow screen until the page's first input; true elsewhere. */
function useFirstInputOnPhone(): boolean {
  const touchedNow = useSyncExternalStore(subscribe, () => touched);
  return touchedNow || !isNarrow();
}

/** Whether such a notice may be shown now. */
export function useNoticesReady(): boolean {
  const { pathname } = useLocation();
  return useFirstInputOnPhone() && !keepsNoticesOff(pathname);
}
