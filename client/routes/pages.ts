// Every page and layout of SPEC §2, each loaded on demand (client/routes/loaders.ts).
import { type ComponentType, createElement, lazy, useState } from "react";
import type { AppRoute } from "../../src/domain/app-routes";
import { LAYOUT_LOADERS, type Loader, PAGE_LOADERS } from "./loaders";

export { LAYOUT_LOADERS, PAGE_LOADERS };

/**
 * A page that renders at once when its code is already here (the entry script preloads the first screen's
 * before the app first renders), and suspends until it arrives otherwise. Suspending shows the loading
 * screen and then holds the page back for React's 300 ms reveal throttle.
 */
function page(load: Loader): ComponentType {
  const Lazy = lazy(load);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page as this module loads, never in a render.
  return function Page() {
    // Chosen once: switching component types later would remount the page.
    const [Component] = useState<ComponentType>(() => load.loaded ?? Lazy);
    return createElement(Component);
  };
}

const lazyAll = <K extends string>(loaders: Record<K, Loader>) =>
  Object.fromEntries(Object.entries<Loader>(loaders).map(([name, load]) => [name, page(load)])) as Record<
    K,
    ComponentType
  >;

export const PAGES = lazyAll(PAGE_LOADERS);
export const LAYOUTS = lazyAll(LAYOUT_LOADERS);

/**
 * Fetches a route's layout and page in parallel rather than one after the other. The layout is asked for
 * first: each chunk's CSS is linked as it is requested, and the page's styles must follow the layout's.
 */
export function preloadRoute(route: AppRoute): void {
  const loads: Promise<unknown>[] = [];
  if (route.layout !== "default") loads.push(LAYOUT_LOADERS[route.layout]());
  loads.push(PAGE_LOADERS[route.page]());
  Promise.all(loads).catch(() => {
    // React.lazy retries and reports the failure when the page renders.
  });
}
