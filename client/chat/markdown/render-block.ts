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
import { codeHead } from "./code-head";
import { currentLibs, onLibrariesArriving, type RenderLibs, requestRenderer } from "./lazy-libs";
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

/** Which renderers the block being rendered used (its HTML changes when they arrive). */
let used = { katex: false, hljs: false };

function renderMath(token: MathToken): string {
  used.katex = true;
  if (!libs.katex) {
    requestRenderer("katex");
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
    used.hljs = true;
    if (!libs.hljs) requestRenderer("hljs");
    else if (libs.hljs.getLanguage(language)) {
      body = libs.hljs.highlight(text, { language, ignoreIllegals: true }).value;
    }
  }
  return (
    `<div class="code-block">${codeHead(language || labels.code, labels.copyCode).outerHTML}` +
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

/** A block's HTML, and which renderers it used: only their arrival makes it stale. */
interface Rendered {
  html: string;
  token: Token;
  labels: RenderLabels;
  katex: boolean;
  hljs: boolean;
  /** Whether each library was here when it was rendered. */
  had: { katex: boolean; hljs: boolean };
}

const cache = new Map<string, Rendered>();
const CACHE_LIMIT = 3_000;

const stale = (hit: Rendered, current: RenderLibs) =>
  (hit.katex && hit.had.katex !== (current.katex !== null)) ||
  (hit.hljs && hit.had.hljs !== (current.hljs !== null));

/**
 * The safe HTML of one top-level token, cached by its source `raw`. A block with neither math nor code is
 * not rendered again when a renderer arrives.
 */
export function renderBlock(token: Token, raw: string, current: RenderLibs, text: RenderLabels): string {
  const key = `${text.copyCode}\u0000${raw}`;
  const hit = cache.get(key);
  if (hit !== undefined && !stale(hit, current)) return hit.html;
  used = { katex: false, hljs: false };
  const html = renderToken(token, current, text);
  if (hit === undefined && cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(key, {
    html,
    token,
    labels: text,
    ...used,
    had: { katex: current.katex !== null, hljs: current.hljs !== null },
  });
  return html;
}

/** How many of the latest rendered blocks are prepared ahead: a screenful and more (the list is virtualised). */
const PREPARE_LIMIT = 60;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Renders again, one block per task, the latest blocks the arriving libraries change. */
onLibrariesArriving(async (next) => {
  const latest = [...cache.entries()].reverse().slice(0, PREPARE_LIMIT);
  for (const [key, hit] of latest) {
    if (!stale(hit, next)) continue;
    await nextTask();
    renderBlock(hit.token, key.slice(key.indexOf("\u0000") + 1), next, hit.labels);
  }
});

/** An answer's usual blocks and inlines, in one-byte text and in two-byte text (the engine compiles both). */
const WARM_UP = [
  "# A\n\nSome **bold**, _em_, `code`, a [link](https://example.com), ~~gone~~ and $x^2$.\n\n- one\n- two\n\n1. first\n\n> quote\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```ts\nconst x = 1;\n```\n",
  "Some **bold** — _em_, “quoted” and `code`.\n\n- one\n\n| a | b |\n|---|---|\n| 1 | 2 |\n",
];

/**
 * Renders a little markdown ahead, thrown away: the first render compiles marked's expressions (~70 ms on a
 * laptop for a short answer, ~0.3 s on a slow phone) and sets DOMPurify up, and its math and code ask for
 * KaTeX and highlight.js, so the next answer rendered waits for none of it.
 */
export function warmUpRenderer(): void {
  for (const sample of WARM_UP) renderWhole(sample, currentLibs(), labels);
}

/** What a naive renderer does per chunk, for the benchmark's comparison: the whole text, every time. */
export const renderWhole = (source: string, current: RenderLibs, text: RenderLabels): string =>
  lexMarkdown(source)
    .map((token) => renderToken(token, current, text))
    .join("");
