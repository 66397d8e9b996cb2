// The WAI-ARIA tabs pattern for a row of role="tab" buttons (the model-order categories, the API key's code
// samples): one Tab stop, the selected tab (roving tabindex); ArrowLeft and ArrowRight move to the previous
// and next tab, round the ends, and select it; Home and End to the first and last.
import type { KeyboardEvent } from "react";

const STEPS: Record<string, (index: number, count: number) => number> = {
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  ArrowRight: (index, count) => (index + 1) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/** The props of each tab: `tab(id)` spreads onto its button, in the order of `ids`. */
export function rovingTabs<T extends string>(ids: readonly T[], selected: T, select: (id: T) => void) {
  // A selection not among the tabs leaves the first one the Tab stop.
  const current = ids.includes(selected) ? selected : ids[0];
  return (id: T) => ({
    role: "tab" as const,
    "aria-selected": id === selected,
    tabIndex: id === current ? 0 : -1,
    onClick: () => select(id),
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      const step = STEPS[event.key];
      if (!step || event.altKey || event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      const next = step(ids.indexOf(id), ids.length);
      const tabs = event.currentTarget
        .closest('[role="tablist"]')
        ?.querySelectorAll<HTMLElement>('[role="tab"]');
      tabs?.[next]?.focus();
      select(ids[next] as T);
    },
  });
}
