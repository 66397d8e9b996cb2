// A model answer as markdown. While it streams, settled blocks keep their HTML and their DOM: only the block
// being written is lexed and rendered again per chunk.
import type { Token } from "marked";
import { memo, useMemo, useRef } from "react";
import {
  allBlocks,
  type BlockSplit,
  normalizeNewlines,
  splitBlocks,
} from "../../../src/domain/chat/markdown-blocks";
import { type RenderLibs, useRenderLibs } from "./lazy-libs";
import { lexMarkdown, type RenderLabels, renderBlock } from "./render-block";

export { warmUpRenderer } from "./render-block";

const MarkdownBlock = memo(function MarkdownBlock({
  token,
  raw,
  libs,
  labels,
}: {
  token: Token;
  raw: string;
  libs: RenderLibs;
  labels: RenderLabels;
}) {
  const html = renderBlock(token, raw, libs, labels);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify in renderBlock; raw HTML is escaped.
  return <div className="md-block" dangerouslySetInnerHTML={{ __html: html }} />;
}, sameBlock);

/** A settled block is the same block when its source is: the token object may be a fresh one. */
function sameBlock(
  a: { raw: string; libs: RenderLibs; labels: RenderLabels },
  b: { raw: string; libs: RenderLibs; labels: RenderLabels },
) {
  return a.raw === b.raw && a.libs.version === b.libs.version && a.labels.copyCode === b.labels.copyCode;
}

export function MarkdownView({ text, labels }: { text: string; labels: RenderLabels }) {
  const libs = useRenderLibs();
  const split = useRef<BlockSplit<Token> | null>(null);
  const blocks = useMemo(() => {
    const source = text.includes("\r") ? normalizeNewlines(text) : text;
    split.current = splitBlocks(split.current, source, lexMarkdown);
    return allBlocks(split.current).filter((block) => block.token.type !== "space");
  }, [text]);
  return (
    <div className="markdown">
      {blocks.map((block) => (
        <MarkdownBlock key={block.start} token={block.token} raw={block.raw} libs={libs} labels={labels} />
      ))}
    </div>
  );
}
