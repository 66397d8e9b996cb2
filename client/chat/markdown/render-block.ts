// One markdown block to safe HTML: GFM by marked, raw HTML shown as text, code highlighted and math typeset
// when their libraries are here, then sanitised. Results are cached by source, so a block renders once.
import type { Token, Tokens } from "marked";
import type { MathToken } from "../../../src/domain/chat/markdown-math";
import {
  codeLanguage,
  createMarkdown,
  escapeHtml,
  MATH_MAX_EXPAND,
  MATH_MAX_SIZE_EM,
} from "../../../src/domain/chat/markdown-rules";
import { currentLibs, loadHighlighter, loadKatex, type RenderLibs } from "./lazy-libs";
import { sanitizeHtml } from "./sanitize";

export interface RenderLabels {
  copyCode: string;
  code: string;
}

/** Math found while rendering one block, typeset after sanitising (KaTeX output is trusted, model text is not). */
let mathSlots: MathToken[] = [];
let labels: RenderLabels = { copyCode: "Copy code", code: "code" };
let libs: RenderLibs = currentLibs();
/** Unguessable per page: a model cannot write a slot marker of its own. */
const NONCE = Math.random().toString(36).slice(2);
const SLOT = new RegExp(`<span data-math-slot="${NONCE}-(\\d+)"></span>`, "g");

function renderMath(token: MathToken): string {
  if (!libs.katex) {
    void loadKatex();
    const tag = token.display ? "div" : "span";
    return `<${tag} class="math-pending${token.display ? " math-display" : ""}">${escapeHtml(token.raw)}</${tag}>`;
  }
  mathSlots.push(token);
  return `<span data-math-slot="${NONCE}-${mathSlots.length - 1}"></span>`;
}

function renderCode({ text, lang }: Tokens.Code): string {
  const language = codeLanguage(lang);
  let body = escapeHtml(text);
  if (language) {
    if (!libs.hljs) void loadHighlighter();
    else if (libs.hljs.getLanguage(language)) {
      body = libs.hljs.highlight(text, { language, ignoreIllegals: true }).value;
    }
  }
  const name = escapeHtml(language || labels.code);
  return (
    `<div class="code-block"><div class="code-head" data-copy-skip><span class="code-lang">${name}</span>` +
    `<button type="button" class="code-copy" data-code-copy>${escapeHtml(labels.copyCode)}</button></div>` +
    `<pre><code class="hljs${language ? ` language-${escapeHtml(language)}` : ""}">${body}</code></pre></div>`
  );
}

// The shared rules (src/domain/chat/markdown-rules.ts), with math and code as this screen renders them.
const marked = createMarkdown({ math: renderMath, code: renderCode });

export const lexMarkdown = (source: string): Token[] => marked.lexer(source);

/** Renders one token now: marked, DOMPurify, then KaTeX into the slots the sanitiser let through. */
function renderToken(token: Token, current: RenderLibs, text: RenderLabels): string {
  libs = current;
  labels = text;
  mathSlots = [];
  const unsafe = marked.parser([token]);
  const slots = mathSlots;
  const html = sanitizeHtml(unsafe);
  const katex = current.katex;
  if (slots.length === 0 || !katex) return html;
  return html.replace(SLOT, (_, index: string) => {
    const slot = slots[Number(index)];
    if (!slot) return "";
    return katex.renderToString(slot.text, {
      displayMode: slot.display,
      throwOnError: false,
      trust: false,
      strict: "ignore",
      output: "htmlAndMathml",
      // A model's formula may not size anything past 10em (\rule{5000em}{5000em} would make a message
      // ~97,000 px tall) nor expand macros without end; what KaTeX cannot cap — negative kerns and raises —
      // is clipped to the formula's box by markdown.css.
      maxSize: MATH_MAX_SIZE_EM,
      maxExpand: MATH_MAX_EXPAND,
    });
  });
}

const cache = new Map<string, string>();
const CACHE_LIMIT = 3_000;

/** The safe HTML of one top-level token, cached by its source `raw` (and what could change its look). */
export function renderBlock(token: Token, raw: string, current: RenderLibs, text: RenderLabels): string {
  const key = `${current.version}\u0000${text.copyCode}\u0000${raw}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const html = renderToken(token, current, text);
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(key, html);
  return html;
}

/** What a naive renderer does per chunk, for the benchmark's comparison: the whole text, every time. */
export const renderWhole = (source: string, current: RenderLibs, text: RenderLabels): string =>
  lexMarkdown(source)
    .map((token) => renderToken(token, current, text))
    .join("");
