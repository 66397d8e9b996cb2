// Imports a lazily loaded renderer's module again after it failed to arrive: Vite's import does not retry,
// and Chromium before 156 would not even ask the network again.

/**
 * Stylesheets that failed to arrive while a renderer loaded. Vite adds a chunk's stylesheet (KaTeX's) beside
 * its first import only, never again: a retry puts it back, or the math would arrive unstyled.
 */
const brokenSheets = new Set<HTMLLinkElement>();
let importing = 0;
if (typeof document !== "undefined") {
  // A link's error does not bubble: only a capturing listener sees it.
  document.addEventListener(
    "error",
    (event) => {
      const link = event.target;
      if (importing > 0 && link instanceof HTMLLinkElement && link.rel === "stylesheet")
        brokenSheets.add(link);
    },
    true,
  );
}

function reloadSheet(broken: HTMLLinkElement): Promise<void> {
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.crossOrigin = broken.crossOrigin;
  link.href = broken.href;
  return new Promise((resolve, reject) => {
    link.addEventListener("load", () => {
      brokenSheets.delete(broken);
      broken.remove();
      resolve();
    });
    link.addEventListener("error", () => {
      // Still broken: the next retry tries again from the link that failed first.
      brokenSheets.delete(link);
      link.remove();
      reject(new Error(`Unable to load the stylesheet ${broken.href}`));
    });
    broken.insertAdjacentElement("afterend", link);
  });
}

let reloadingSheets: Promise<void> | null = null;
const reloadBrokenSheets = (): Promise<void> => {
  reloadingSheets ??= Promise.all([...brokenSheets].map(reloadSheet))
    .then(() => undefined)
    .finally(() => {
      reloadingSheets = null;
    });
  return reloadingSheets;
};

/** The address of the module a failed import() names (Chromium's and Firefox's messages do), on our origin. */
function failedModule(error: unknown): string | null {
  const named = error instanceof Error ? /https?:\/\/\S+/.exec(error.message)?.[0] : undefined;
  if (!named || !URL.canParse(named)) return null;
  const url = new URL(named);
  if (url.origin !== location.origin || !url.pathname.endsWith(".js")) return null;
  url.hash = "";
  return url.href;
}

/** Makes each retry's address new to the module map. */
let retries = 0;

/**
 * A renderer's module through Vite's import (which also brings its stylesheet). Chromium before 156 (HTML
 * spec before whatwg/html#10327) keeps a failed import() in its module map: importing the same address
 * again fails at once, without asking the network. On a retry the module is then imported from its address
 * with a new fragment: a new module map entry, yet the very same request (a fragment is never sent, and the
 * service worker's precache ignores it), whose own imports resolve to the modules already loaded. A query
 * would instead be another file to the server and the caches.
 */
export async function importRenderer<T>(viaVite: () => Promise<T>, again: boolean): Promise<T> {
  if (again) await reloadBrokenSheets();
  importing += 1;
  try {
    return await viaVite();
  } catch (error) {
    const address = again ? failedModule(error) : null;
    if (!address) throw error;
    retries += 1;
    return await import(/* @vite-ignore */ `${address}#retry-${retries}`);
  } finally {
    importing -= 1;
  }
}
