// The markdown renderer, loaded on first need: marked compiles its rules and DOMPurify sets itself up when
// their module runs (~60 ms on a slow phone, one task), which a new chat's screen does not need before its
// first answer — it asks once its user starts writing (client/chat/composer.tsx). An open chat's page
// preloads the module with its first screen (scripts/lib/route-chunks.ts).
import { lazy, Suspense, useLayoutEffect, useMemo, useRef } from "react";
import { answerCopy, frameAnswer } from "./frame-answers";
import type { MarkdownView as View } from "./markdown-view";
import type { RenderLabels } from "./render-block";
// Here, not with the renderer: an answer taken from the page's first frame needs the rules, not the renderer.
import "./markdown.css";

/** The renderer once its module has run: rendered directly from then on, with no Suspense in between. */
let loaded: typeof View | null = null;

const load = () =>
  import("./markdown-view").then((module) => {
    loaded = module.MarkdownView;
    return module;
  });

const MarkdownView = lazy(() => load().then((module) => ({ default: module.MarkdownView })));

/** Settles once the renderer is here (or could not be loaded, when the text shows as written). */
export const markdownReady = (): Promise<void> =>
  load().then(
    () => undefined,
    () => undefined,
  );

/** Whether the renderer is here already: an answer renders at once, with no Suspense in between. */
export const markdownLoaded = (): boolean => loaded !== null;

let requested = false;

/**
 * Starts loading the renderer: a new chat asks when its user starts writing, so the module's one long task
 * runs between keystrokes, long before the first answer streams — not in the middle of the screen's start-up.
 */
export function preloadMarkdown(): void {
  if (requested) return;
  requested = true;
  load().catch(() => {
    // Rendering asks again, and shows the text meanwhile.
  });
}

/**
 * Readies the renderer at the reader's first input (a pointer moved, a tap, a key, a scroll) on a page whose
 * answers all came typeset in its first frame (client/chat/markdown/frame-answers.ts): the next chat opened in
 * the app, or the next answer, then finds it loaded, marked's expressions compiled and KaTeX and highlight.js
 * here. Not while the page starts: on a phone that is ~0.1 s of module and ~0.3 s of first render its first
 * screen does not need.
 */
export function warmMarkdownOnInput(): void {
  const events = ["pointermove", "pointerdown", "keydown", "wheel", "touchstart"] as const;
  const warm = () => {
    for (const name of events) removeEventListener(name, warm, true);
    preloadMarkdown();
    load().then(
      (module) => (window.requestIdleCallback ?? setTimeout)(() => module.warmUpRenderer()),
      () => {},
    );
  };
  for (const name of events) addEventListener(name, warm, { capture: true, passive: true });
}

/**
 * A model's answer as markdown: the page's first frame's typeset copy when it has one for this very text,
 * else rendered here. Until the renderer is here the text shows as it was written — a first answer arriving
 * faster than the renderer. (A newly mounted Suspense boundary shows its fallback even inside a transition, so
 * an open chat's list shows the answers its first frame did not typeset only once the renderer is here:
 * client/chat/message-list.tsx.)
 */
export function Markdown({
  text,
  labels,
  messageId,
}: {
  text: string;
  labels: RenderLabels;
  /** A settled message's id: its answer may be the one the page's first frame typeset. */
  messageId?: number;
}) {
  const framed = useMemo(
    () => (messageId === undefined ? null : frameAnswer(messageId, text)),
    [messageId, text],
  );
  if (framed) return <FramedAnswer body={framed} copyCode={labels.copyCode} code={labels.code} />;
  const Ready = loaded;
  if (Ready) return <Ready text={text} labels={labels} />;
  return (
    <Suspense fallback={<div className="markdown markdown-pending">{text}</div>}>
      <MarkdownView text={text} labels={labels} />
    </Suspense>
  );
}

/** The first frame's typeset answer, in the renderer's markup (one block, as its rules expect). */
function FramedAnswer({ body, copyCode, code }: { body: Element; copyCode: string; code: string }) {
  const block = useRef<HTMLDivElement>(null);
  // Before the browser paints (and before the list measures the message): the same commit as the article.
  useLayoutEffect(() => {
    block.current?.replaceChildren(answerCopy(body, { copyCode, code }));
  }, [body, copyCode, code]);
  return (
    <div className="markdown">
      <div className="md-block" ref={block} />
    </div>
  );
}
