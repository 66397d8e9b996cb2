// A message's markdown to safe HTML on the Worker: the client's rules (src/domain/chat/markdown-rules.ts),
// code highlighted with the same grammars, math typeset by KaTeX — as MathML alone where no stylesheet comes
// with it (the shared page), or as the app's renderer does — and the same allow-list sanitiser pass before
// KaTeX's trusted output goes into its slots.
import hljs from "highlight.js/lib/core";
import katex from "katex";
import type { Tokens } from "marked";
import { CODE_LANGUAGES } from "../domain/chat/code-languages";
import type { MathToken } from "../domain/chat/markdown-math";
import {
  codeLanguage,
  createMarkdown,
  escapeHtml,
  MATH_MAX_EXPAND,
  MATH_MAX_SIZE_EM,
} from "../domain/chat/markdown-rules";
import { sanitizeHtml } from "./sanitize";

for (const [name, language] of Object.entries(CODE_LANGUAGES)) hljs.registerLanguage(name, language);

/** Math met while rendering one message, typeset after sanitising (KaTeX output is trusted, model text is not). */
let mathSlots: MathToken[] = [];
/**
 * Unguessable per render: a model cannot write a slot marker of its own. Made in the request, since the
 * runtime forbids random values at the top level of a module.
 */
let nonce = "";

function renderCode({ text, lang }: Tokens.Code): string {
  const language = codeLanguage(lang);
  const body =
    language && hljs.getLanguage(language)
      ? hljs.highlight(text, { language, ignoreIllegals: true }).value
      : escapeHtml(text);
  return (
    `<div class="code-block"><div class="code-head"><span class="code-lang">${escapeHtml(language || "code")}</span></div>` +
    `<pre><code class="hljs${language ? ` language-${escapeHtml(language)}` : ""}">${body}</code></pre></div>`
  );
}

const marked = createMarkdown({
  math(token) {
    mathSlots.push(token);
    return `<span data-math-slot="${nonce}-${mathSlots.length - 1}"></span>`;
  },
  code: renderCode,
});

/**
 * "mathml": the browser lays it out, with no stylesheet or fonts to load. "katex": KaTeX's HTML beside its
 * MathML, as the app's renderer writes it, for a page that carries KaTeX's stylesheet.
 */
export type MathOutput = "mathml" | "katex";

function typeset(token: MathToken, output: MathOutput): string {
  return katex.renderToString(token.text, {
    displayMode: token.display,
    throwOnError: false,
    trust: false,
    strict: "ignore",
    output: output === "katex" ? "htmlAndMathml" : "mathml",
    maxSize: MATH_MAX_SIZE_EM,
    maxExpand: MATH_MAX_EXPAND,
  });
}

/** Whether rendered HTML holds math KaTeX typeset (its stylesheet is wanted wherever KaTeX's HTML is). */
export const holdsMath = (html: string): boolean => html.includes('class="katex"');

/** One message's markdown as HTML that runs nothing. */
export async function renderMarkdown(source: string, math: MathOutput = "mathml"): Promise<string> {
  mathSlots = [];
  nonce = crypto.randomUUID();
  const marker = new RegExp(`<span data-math-slot="${nonce}-(\\d+)"></span>`, "g");
  const unsafe = marked.parse(source.replace(/\r\n?/g, "\n"), { async: false });
  const slots = mathSlots;
  const html = await sanitizeHtml(unsafe);
  if (slots.length === 0) return html;
  // Captured before the await: renders of several messages interleave there.
  return html.replace(marker, (_, index: string) => {
    const slot = slots[Number(index)];
    if (!slot) return "";
    const formula = typeset(slot, math);
    return slot.display ? `<div class="math-display">${formula}</div>` : formula;
  });
}
