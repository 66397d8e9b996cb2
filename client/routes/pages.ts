// Every page and layout of SPEC §2, each loaded on demand.
import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import type { AppRoute, Layout, PageName } from "../../src/domain/app-routes";

type Loader = () => Promise<{ default: ComponentType }>;

export const PAGE_LOADERS: Record<PageName, Loader> = {
  home: () => import("./home"),
  login: () => import("./login"),
  contact: () => import("./contact"),
  pricing: () => import("./pricing"),
  terms: () => import("./terms"),
  privacy: () => import("./privacy"),
  legalNotice: () => import("./legal-notice"),
  verification: () => import("./verification"),
  join: () => import("./join"),
  shared: () => import("./shared"),
  assistants: () => import("./account/assistants"),
  settings: () => import("./account/settings"),
  settingsApi: () => import("./account/settings-api"),
  settingsTeam: () => import("./account/settings-team"),
  subscription: () => import("./account/subscription"),
  changeSubscription: () => import("./account/change-subscription"),
  changePassword: () => import("./account/change-password"),
  chat: () => import("../chat/chat-screen"),
};

export const LAYOUT_LOADERS: Record<Exclude<Layout, "default">, Loader> = {
  connected: () => import("../layouts/connected-layout"),
  assistant: () => import("../layouts/assistant-layout"),
};

const lazyAll = <K extends string>(loaders: Record<K, Loader>) =>
  Object.fromEntries(Object.entries<Loader>(loaders).map(([name, load]) => [name, lazy(load)])) as Record<
    K,
    LazyExoticComponent<ComponentType>
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
