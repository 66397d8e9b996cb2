// Boots the SPA: locale and colour mode before the first paint, then a light page (home, pricing) or the
// full app.
// A failure to mount is logged and rethrown (SPEC §8).
import { type ReactNode, StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { earlyNamespaces, firstNamespaces } from "../src/domain/early-requests";
import { initialLocale, localizePath } from "../src/domain/locale-routing";
import type { Locale } from "../src/domain/locales";
import { hasSignedInHint } from "../src/domain/sessions";
import { currentLocale, installEngine, type Namespace } from "./i18n";
import { loadCatalogue } from "./i18n/catalogues";
import { bootCookieHeader } from "./lib/boot-cookies";
import { removeBootShell } from "./lib/boot-shell";
import { startEarly } from "./lib/early";
import { forceColorMode, startTheme } from "./lib/theme";
import { startMonitoring } from "./monitoring/report";
import { preloadRoute } from "./routes/preload";
import "./styles.css";

/** The full app and the catalogues of its first screen, loaded together. */
async function loadApp(locale: Locale, namespaces: Namespace[] = ["common"]) {
  const [{ App }, engine] = await Promise.all([
    import("./app"),
    import("./i18n/light-engine").then((light) => light.createLightEngine(locale, namespaces)),
  ]);
  installEngine(engine);
  return App;
}

async function boot() {
  const element = document.getElementById("root");
  if (!element) throw new Error("#root is missing from index.html");
  const start = initialLocale(location.pathname, location.search, bootCookieHeader(), navigator.languages);
  if (start.redirectTo) history.replaceState(null, "", `${start.redirectTo}${location.hash}`);
  startTheme();
  // Errors from now on; the rest of monitoring after load, when the browser is idle.
  startMonitoring();

  const root = createRoot(element);
  const render = (node: ReactNode) => root.render(<StrictMode>{node}</StrictMode>);

  /** The first in-app link clicked on a light page loads the full app, then goes there. */
  const openApp = async (to: string) => {
    const App = await loadApp(currentLocale());
    history.pushState(null, "", localizePath(currentLocale(), to));
    scrollTo(0, 0);
    render(<App />);
  };

  // "/" is most visitors' first page and must stay within its 90 KB budget: it gets the home page alone,
  // without the router or the query cache. The first in-app link clicked loads the full app.
  if (start.path === "/" && !new URLSearchParams(location.search).has("redirect")) {
    const [{ HomeEntry }, engine] = await Promise.all([
      import("./home-entry"),
      import("./i18n/light-engine").then((light) =>
        light.createLightEngine(start.locale, firstNamespaces(start.path)),
      ),
    ]);
    installEngine(engine);
    forceColorMode("light");
    // In slices, as the app's first render, not in one blocking task.
    startTransition(() => render(<HomeEntry onNavigate={openApp} />));
  } else if (start.path === "/pricing" && !new URLSearchParams(location.search).has("redirect")) {
    // /pricing likewise: the page alone; it asks who is signed in (the boot script already has) and
    // calls checkout itself. With a redirect query, as "/", the app's route guard follows or drops it
    // (SPEC §2), which the light page has no router for.
    startEarly(start.path, start.locale);
    // A signed-in visitor may see the checkout form, whose errors have their own texts.
    if (hasSignedInHint(document.cookie)) void loadCatalogue(start.locale, "errors").catch(() => {});
    const [{ PricingEntry }, engine] = await Promise.all([
      import("./pricing-entry"),
      import("./i18n/light-engine").then((light) =>
        light.createLightEngine(start.locale, firstNamespaces(start.path)),
      ),
    ]);
    installEngine(engine);
    forceColorMode("light");
    // In slices, as the app's first render: the plans' page rendered in one task of ~300–450 ms on a slow
    // phone (Lighthouse's blocking time).
    startTransition(() => render(<PricingEntry onNavigate={openApp} />));
  } else {
    // The screen's data and code are requested now, in parallel, not one after the other as they mount.
    startEarly(start.path, start.locale);
    // The app first: its styles come before the screen's, which refine them. It first renders with the
    // screen's code and text at hand, so nothing in it suspends (and waits for React's reveal throttle).
    const app = loadApp(start.locale, earlyNamespaces(start.path));
    const [App] = await Promise.all([app, preloadRoute(start.path)]);
    // As a transition: React renders the screen in slices with the page responsive in between, not in one
    // long task (a chat screen's frame is already painted by index.html, client/boot-shell.css).
    startTransition(() => render(<App />));
  }

  // The worker waits for the page to load, so it does not compete with the first paint; the update flow
  // (pwa/register.ts) joins this registration when the full app loads.
  if (import.meta.env.DEV) return;
  const registerWorker = () => navigator.serviceWorker?.register("/sw.js", { scope: "/" }).catch(() => {});
  if (document.readyState === "complete") registerWorker();
  else addEventListener("load", registerWorker, { once: true });
}

boot().catch((error: unknown) => {
  removeBootShell();
  console.error("Failed to mount the app", error);
  throw error;
});
