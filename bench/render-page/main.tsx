// The render benchmark's page (built by bench/client.ts): the chat's own markdown renderer, streaming a long
// answer chunk by chunk, against a naive renderer that parses and renders the whole text per chunk.
/// <reference types="vite/client" />
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import { currentLibs, loadHighlighter, loadKatex } from "../../client/chat/markdown/lazy-libs";
import { MarkdownView } from "../../client/chat/markdown/markdown-view";
import { renderWhole } from "../../client/chat/markdown/render-block";
import "../../client/chat/chat.css";

export interface RenderBenchInput {
  mode: "blocks" | "naive";
  text: string;
  /** Characters already on screen when the measured chunks start. */
  start: number;
  chunk: number;
  chunks: number;
}

const labels = { copyCode: "Copy code", code: "code" };

function Naive({ text }: { text: string }) {
  const html = renderWhole(text, currentLibs(), labels);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the same sanitised HTML as the app, rendered whole.
  return <div className="markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}

async function runRenderBench({ mode, text, start, chunk, chunks }: RenderBenchInput): Promise<number[]> {
  await Promise.all([loadKatex(), loadHighlighter()]);
  const host = document.createElement("div");
  document.body.appendChild(host);
  const root = createRoot(host);
  const render = (upTo: number) =>
    flushSync(() =>
      root.render(
        mode === "blocks" ? (
          <MarkdownView text={text.slice(0, upTo)} labels={labels} />
        ) : (
          <Naive text={text.slice(0, upTo)} />
        ),
      ),
    );
  render(start);
  void document.body.offsetHeight;
  const times: number[] = [];
  for (let i = 1; i <= chunks; i++) {
    const t0 = performance.now();
    render(start + i * chunk);
    // Layout included: what the reader waits for is the new text on screen.
    void document.body.offsetHeight;
    times.push(performance.now() - t0);
  }
  root.unmount();
  host.remove();
  return times;
}

(window as unknown as { runRenderBench: typeof runRenderBench }).runRenderBench = runRenderBench;
