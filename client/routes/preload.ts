// Starts loading the first screen's layout and page while the app's own code loads, instead of after it:
// part of the entry script, so all the screen's chunks are requested at once.
import { matchAppRoute, paramsAreValid } from "../../src/domain/app-routes";
import { LAYOUT_LOADERS, PAGE_LOADERS } from "./loaders";

/** Resolves once the page's code is here (or could not come: the page then loads it as it renders). */
export async function preloadRoute(path: string): Promise<void> {
  const match = matchAppRoute(path);
  if (!match || !paramsAreValid(match)) return;
  const { layout, page } = match.route;
  const loads = [PAGE_LOADERS[page]()];
  if (layout !== "default") loads.unshift(LAYOUT_LOADERS[layout]());
  await Promise.all(loads).catch(() => {});
}
