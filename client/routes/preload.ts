// Starts loading the first screen's layout and page while the app's own code loads, instead of after it:
// part of the entry script, so all the screen's chunks are requested at once.
import { matchAppRoute, paramsAreValid } from "../../src/domain/app-routes";
import { LAYOUT_LOADERS, PAGE_LOADERS } from "./loaders";

export function preloadRoute(path: string): void {
  const match = matchAppRoute(path);
  if (!match || !paramsAreValid(match)) return;
  const { layout, page } = match.route;
  // Loading is all that is wanted here: React.lazy imports the same modules again, from the cache.
  if (layout !== "default") void LAYOUT_LOADERS[layout]().catch(() => {});
  void PAGE_LOADERS[page]().catch(() => {});
}
