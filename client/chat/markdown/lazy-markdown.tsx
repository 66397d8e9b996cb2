// The markdown renderer, loaded on first need: marked compiles its rules and DOMPurify sets itself up when
// their module runs (~60 ms on a slow phone), which a new chat's screen does not need before its first answer.
// An open chat's page preloads the module with its first screen (scripts/lib/route-chunks.ts).
import { lazy, Suspense } from "react";
import type { RenderLabels } from "./render-block";

const load = () => import("./markdown-view");

const MarkdownView = lazy(() => load().then((module) => ({ default: module.MarkdownView })));

/** Starts loading the renderer (a new chat's screen asks once it is painted and the browser is idle). */
export function preloadMarkdown(): void {
  load().catch(() => {
    // Rendering asks again, and shows the text meanwhile.
  });
}

/**
 * A model's answer as markdown. Until the renderer is here the text shows as it was written: an open chat's
 * messages render in a transition, which waits for it instead, so this is only seen by a first answer
 * arriving faster than the renderer.
 */
export function Markdown({ text, labels }: { text: string; labels: RenderLabels }) {
  return (
    <Suspense fallback={<div className="markdown markdown-pending">{text}</div>}>
      <MarkdownView text={text} labels={labels} />
    </Suspense>
  );
}
