// Service worker and install prompt (SPEC §4): registration, the update flow and the kept install prompt.
// Written against the Service Worker API directly: workbox-window would add weight to every first visit.
import {
  PWA_INSTALL_DECLINED_KEY,
  readFlag,
  readPwaInstalled,
  writeFlag,
  writePwaInstalled,
} from "../../src/domain/local-storage";
import { guardedReload } from "../lib/reload";
import { browserStorage, logStorage } from "../lib/storage";
import { createStore } from "../lib/store";

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

export interface PwaState {
  /** A new version is installed and waiting: offer a reload. */
  needRefresh: boolean;
  /** The app shell is cached: the app opens offline. */
  offlineReady: boolean;
  registrationError: boolean;
  /** The browser's install prompt is kept and the visitor has not cancelled it before. */
  canInstall: boolean;
  installed: boolean;
}

export const pwaStore = createStore<PwaState>({
  needRefresh: false,
  offlineReady: false,
  registrationError: false,
  canInstall: false,
  installed: readPwaInstalled(browserStorage, logStorage),
});

const update = (patch: Partial<PwaState>) => pwaStore.set((state) => ({ ...state, ...patch }));

let waiting: ServiceWorker | null = null;
let deferredPrompt: InstallPromptEvent | null = null;

/** A new version finishing its install while an older one controls the page is waiting for a reload. */
function watchInstalling(worker: ServiceWorker) {
  worker.addEventListener("statechange", () => {
    if (worker.state === "installed" && navigator.serviceWorker.controller) {
      waiting = worker;
      update({ needRefresh: true });
    }
  });
}

let registered = false;

/** Registers /sw.js with root scope and follows its life; later calls do nothing. */
export function registerServiceWorker(): void {
  if (registered || import.meta.env.DEV || !("serviceWorker" in navigator)) return;
  registered = true;
  // Only an update replaces an existing controller; the first install never takes over this page.
  const hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (hadController) void guardedReload();
  });
  // First install: once a worker is active the app shell is cached, however early that happened.
  if (!hadController) void navigator.serviceWorker.ready.then(() => update({ offlineReady: true }));
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(
    (registration) => {
      if (registration.waiting && hadController) {
        waiting = registration.waiting;
        update({ needRefresh: true });
      }
      if (registration.installing) watchInstalling(registration.installing);
      registration.addEventListener("updatefound", () => {
        if (registration.installing) watchInstalling(registration.installing);
      });
    },
    (error: unknown) => {
      console.error("Service worker registration failed", error);
      update({ registrationError: true });
    },
  );
}

/** Activates the waiting worker; the page reloads when it takes control. */
export function applyUpdate(): void {
  if (waiting) waiting.postMessage({ type: "SKIP_WAITING" });
  else void guardedReload();
}

export const dismissUpdate = () => update({ needRefresh: false });
export const dismissOfflineReady = () => update({ offlineReady: false });

addEventListener("beforeinstallprompt", (event) => {
  // Kept for the "Install" button instead of the browser's own banner.
  event.preventDefault();
  deferredPrompt = event as InstallPromptEvent;
  update({ installed: false, canInstall: !readFlag(browserStorage, PWA_INSTALL_DECLINED_KEY, logStorage) });
});

addEventListener("appinstalled", () => {
  deferredPrompt = null;
  writePwaInstalled(browserStorage, true, logStorage);
  update({ installed: true, canInstall: false });
});

/** Shows the kept install prompt; a cancel is remembered so it is not offered again. */
export async function promptInstall(): Promise<void> {
  const prompt = deferredPrompt;
  if (!prompt) return;
  deferredPrompt = null;
  await prompt.prompt();
  const { outcome } = await prompt.userChoice;
  if (outcome === "dismissed") writeFlag(browserStorage, PWA_INSTALL_DECLINED_KEY, true, logStorage);
  update({ canInstall: false });
}
