// Translation for components: useT(namespace) over the light engine (our catalogues resolved by
// src/domain/message-format.ts). The locale lives in the path prefix; the choice is kept in a cookie.
import { use, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { localeCookie, localizePath, splitLocalePath } from "../../src/domain/locale-routing";
import type { Locale } from "../../src/domain/locales";
import { keepFieldsAcrossRemount } from "../lib/keep-fields";
import type { MessageKey, Namespace } from "./resources";

export type { Namespace };

/** What a translation engine offers; see light-engine.ts. */
export interface Engine {
  readonly locale: Locale;
  has(ns: Namespace): boolean;
  load(ns: Namespace): Promise<unknown>;
  translate(ns: Namespace, key: string, values?: Record<string, unknown>): string;
  /** Loads every namespace in use for `locale`, then switches to it. */
  switchTo(locale: Locale): Promise<void>;
}

let engine: Engine | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

const active = (): Engine => {
  if (!engine) throw new Error("No translation engine installed");
  return engine;
};

export function installEngine(next: Engine): void {
  engine = next;
  document.documentElement.lang = next.locale;
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const currentLocale = (): Locale => active().locale;
const snapshot = () => `${active().locale}`;

/** The locale on screen; components re-render when it changes. */
export const useLocale = (): Locale => useSyncExternalStore(subscribe, snapshot) as Locale;
/** Changes whenever the engine or its locale changes. */
const useEngine = (): Engine => useSyncExternalStore(subscribe, active);

const loading = new WeakMap<Engine, Map<string, Promise<unknown>>>();

/** A promise React's use() reads synchronously (it checks these fields before suspending). */
const fulfilled = (): Promise<unknown> =>
  Object.assign(Promise.resolve(), { status: "fulfilled", value: undefined });

/** One promise per engine, locale and namespace, so every render passes use() the same one. */
function loadOnce(current: Engine, ns: Namespace): Promise<unknown> {
  const byKey = loading.get(current) ?? new Map<string, Promise<unknown>>();
  loading.set(current, byKey);
  const key = `${current.locale}/${ns}`;
  const promise = byKey.get(key) ?? (current.has(ns) ? fulfilled() : current.load(ns));
  byKey.set(key, promise);
  return promise;
}

export type Translate<N extends Namespace> = (key: MessageKey<N>, values?: Record<string, unknown>) => string;

/** A translator bound to a namespace, suspending until its catalogue is loaded. */
export function useT<N extends Namespace>(ns: N): Translate<N> {
  const current = useEngine();
  const locale = useLocale();
  // Called on every render (React wants use() unconditionally); a loaded namespace never suspends.
  use(loadOnce(current, ns));
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new locale must give a new function.
  return useMemo(() => (key, values) => current.translate(ns, key, values), [current, locale, ns]);
}

/**
 * A translator for texts shown now and then (not worth suspending a screen for): null until the namespace is
 * loaded, which starts once `wanted`.
 */
export function useLazyT<N extends Namespace>(ns: N, wanted: boolean): Translate<N> | null {
  const current = useEngine();
  const locale = useLocale();
  const [, loaded] = useState(0);
  const ready = current.has(ns);
  useEffect(() => {
    if (!wanted || ready) return;
    let live = true;
    // A failure was logged by the catalogue loader; the caller keeps its fallback.
    loadOnce(current, ns).then(
      () => live && loaded((n) => n + 1),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [wanted, ready, current, ns]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new locale must give a new function.
  return useMemo(
    () => (ready ? (key, values) => current.translate(ns, key, values) : null),
    [ready, current, locale, ns],
  );
}

/** How long the new screen may take to bring back the control that had the focus. */
const REMOUNT_WAIT_MS = 5_000;

/**
 * A new locale remounts the router (client/app.tsx: a new basename) and with it the control that changed the
 * language, Settings' select or the footer's: the browser would drop the focus to <body>, and a keyboard
 * user stepping through the languages with the arrow keys would lose the list at the first step. The same
 * control on the new screen (the same id) takes the focus back once the old one is gone, unless the person
 * has gone on elsewhere (only <body>, or the main region that use-lost-focus-to-main.ts gave it to, yields).
 */
function keepFocusAcrossRemount(): void {
  const held = document.activeElement;
  if (!(held instanceof HTMLElement) || !held.id) return;
  const { id } = held;
  const observer = new MutationObserver(() => {
    if (held.isConnected) return;
    const twin = document.getElementById(id);
    if (!twin) return;
    stop();
    const focused = document.activeElement;
    if (!focused || focused === document.body || focused.id === "main") twin.focus({ preventScroll: true });
  });
  const timer = setTimeout(() => stop(), REMOUNT_WAIT_MS);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(document.body, { childList: true, subtree: true });
}

/** Switches language in place: the cookie remembers it for a year, the address gets the new prefix. */
export async function changeLocale(next: Locale): Promise<void> {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari.
  document.cookie = localeCookie(next, location.protocol === "https:");
  const current = active();
  await current.switchTo(next);
  const { path } = splitLocalePath(location.pathname);
  history.replaceState(history.state, "", `${localizePath(next, path)}${location.search}${location.hash}`);
  document.documentElement.lang = next;
  keepFocusAcrossRemount();
  keepFieldsAcrossRemount();
  emit();
}
