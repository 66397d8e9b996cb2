// Client components alone in Chromium, for what no screen of the app shows (two model-order editors at once):
// a module written by the test, bundled by Vite in memory with what it imports, run in a blank page.
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { build, type Plugin, type Rolldown } from "vite";

const ENTRY = "virtual:component-page";
const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** The module as source text, so the type check of tests/ never follows its imports into the client's. */
const entry = (code: string): Plugin => ({
  name: "component-page-entry",
  resolveId: (id) => (id === ENTRY ? `\0${ENTRY}` : null),
  load: (id) => (id === `\0${ENTRY}` ? code : null),
});

/** Runs `code`, an ES module whose imports may start with `@/` (the repository's root), in `page`. */
export async function showComponents(page: Page, code: string): Promise<void> {
  const built = await build({
    configFile: false,
    root: ROOT,
    logLevel: "silent",
    plugins: [entry(code)],
    resolve: { alias: { "@/": ROOT } },
    build: {
      write: false,
      minify: false,
      rolldownOptions: { input: ENTRY, output: { codeSplitting: false } },
    },
  });
  const outputs = (Array.isArray(built) ? built : [built]) as Rolldown.RolldownOutput[];
  const chunk = outputs.flatMap((output) => output.output).find((file) => file.type === "chunk");
  if (!chunk) throw new Error("nothing was built");
  await page.setContent('<!doctype html><html lang="en"><body><div id="root"></div></body></html>');
  await page.addScriptTag({ type: "module", content: chunk.code });
}
