// The plan choice lives in the address (SPEC §2). Under the router, hooks/use-plan-address.ts reads and
// writes it; on the light /pricing page (pricing-entry.tsx) this does, with the History API alone.
import { useMemo, useSyncExternalStore } from "react";

/** The address's query and a way to rewrite it in place (no new history entry, no scroll). */
export interface PlanAddress {
  params: URLSearchParams;
  replace: (next: URLSearchParams) => void;
}

const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  addEventListener("popstate", listener);
  return () => {
    listeners.delete(listener);
    removeEventListener("popstate", listener);
  };
}

function replaceSearch(next: URLSearchParams) {
  const query = next.toString();
  history.replaceState(history.state, "", `${location.pathname}${query ? `?${query}` : ""}${location.hash}`);
  for (const listener of listeners) listener();
}

/** The address without the router. */
export function useLightAddress(): PlanAddress {
  const search = useSyncExternalStore(subscribe, () => location.search);
  return useMemo(() => ({ params: new URLSearchParams(search), replace: replaceSearch }), [search]);
}
