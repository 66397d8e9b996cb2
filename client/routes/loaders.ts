// The code of every page and layout, each loaded on demand. The entry script imports this map (not the
// router), so the first screen's chunks are requested as soon as it runs, alongside the app's own.
import type { ComponentType } from "react";
import type { Layout, PageName } from "../../src/domain/app-routes";

export interface Loader {
  (): Promise<{ default: ComponentType }>;
  /** The component, once loaded: a page already here renders without suspending (client/routes/pages.ts). */
  loaded?: ComponentType;
}

/** A loader that remembers what it brought. */
function remembered(load: () => Promise<{ default: ComponentType }>): Loader {
  const loader: Loader = () =>
    load().then((module) => {
      loader.loaded = module.default;
      return module;
    });
  return loader;
}

const rememberAll = <K extends string>(loaders: Record<K, () => Promise<{ default: ComponentType }>>) =>
  Object.fromEntries(
    Object.entries(loaders).map(([name, load]) => [name, remembered(load as Loader)]),
  ) as Record<K, Loader>;

export const PAGE_LOADERS: Record<PageName, Loader> = rememberAll({
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
});

export const LAYOUT_LOADERS: Record<Exclude<Layout, "default">, Loader> = rememberAll({
  connected: () => import("../layouts/connected-layout"),
  assistant: () => import("../layouts/assistant-layout"),
});
