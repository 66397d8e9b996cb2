// When a notice the user did not ask for may appear: never over the plan cards, and on a phone only after
// the first touch, click, scroll or key — LCP stops at the first input, so a notice shown before it could
// become the screen's largest paint.
import { useEffect, useState } from "react";
import { useLocation } from "react-router";

const PLAN_PAGES = ["/app/account/subscription", "/app/account/change_subscription"];
const NARROW = "(max-width: 640px)";

export const isPlanPage = (pathname: string) => PLAN_PAGES.some((page) => pathname.startsWith(page));

/** False on a narrow screen until the first touch, click or key of the page; true elsewhere. */
function useFirstInputOnPhone(): boolean {
  const [ready, setReady] = useState(() => !window.matchMedia(NARROW).matches);
  useEffect(() => {
    if (ready) return;
    const go = () => setReady(true);
    const events = ["pointerdown", "keydown", "scroll"] as const;
    for (const name of events)
      window.addEventListener(name, go, { once: true, passive: true, capture: true });
    return () => {
      for (const name of events) window.removeEventListener(name, go, { capture: true });
    };
  }, [ready]);
  return ready;
}

/** Whether such a notice may be shown now. */
export function useNoticesReady(): boolean {
  const { pathname } = useLocation();
  return useFirstInputOnPhone() && !isPlanPage(pathname);
}
