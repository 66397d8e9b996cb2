// The markdown rules every renderer of a message follows (the chat screen and the Worker's shared page):
// GFM, math read before markdown, raw HTML shown as the text it is, pictures as links, only http(s) and
// mailto links. Safe by construction; each renderer still runs its own sanitiser over the output.
import { Marked, Tokenizer, type Tokens } from "marked";
import { blockMathTokenizer, displayMathLine, inlineMathTokenizer, type MathToken } from "./markdown-math.ts";

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The only link targets a message may carry (DOMPurify's ALLOWED_URI_REGEXP on the client). */
export const SAFE_URL = /^(?:https?:|mailto:)/i;

export const isSafeUrl = (url: string): boolean => SAFE_URL.test(url.trim());

/** KaTeX's caps on what a formula may ask for: sizes in em, and macro expansions. */
export const MATH_MAX_SIZE_EM = 10;
export const MATH_MAX_EXPAND = 500;

/** What differs between renderers: how math and code blocks turn into HTML. */
export interface MarkdownHooks {
  math(token: MathToken): string;
  code(token: Tokens.Code): string;
}

/** The language a fenced code block names (its first word, lowercased), or "". */
export const codeLanguage = (lang: string | undefined): string =>
  (lang ?? "").trim().split(/\s+/)[0]?.toLowerCase() ?? "";

/** A marked instance with the shared rules; `hooks` are read at render time, so callers may swap state. */
export function createMarkdown(hooks: MarkdownHooks): Marked {
  return new Marked({
    gfm: true,
    breaks: false,
    extensions: [
      { ...blockMathTokenizer, renderer: (token) => hooks.math(token as unknown as MathToken) },
      { ...inlineMathTokenizer, renderer: (token) => hooks.math(token as unknown as MathToken) },
    ],
    tokenizer: {
      // A setext heading's text (lines above a `===` or `---`) stops before display math, as a paragraph's
      // does. marked read on across it, from each paragraph between formulas to the text's end: seconds for
      // many formulas in a row without blank lines between.
      lheading(src) {
        const line = displayMathLine(this, src);
        return line < 0 ? false : Tokenizer.prototype.lheading.call(this, src.slice(0, line));
      },
    },
    renderer: {
      // Nothing a model writes as HTML is ever HTML: it shows as the text it is.
      html: ({ text }) => escapeHtml(text),
      code: (token) => hooks.code(token),
      // A link to a script (or anything but the web and mail) keeps its words and leads nowhere: an anchor
      // without href, as DOMPurify leaves it.
      link({ href, title, tokens }) {
        const inner = this.parser.parseInline(tokens);
        if (!isSafeUrl(href)) return `<a>${inner}</a>`;
        return `<a href="${escapeHtml(href)}"${title ? ` title="${escapeHtml(title)}"` : ""}>${inner}</a>`;
      },
      // Remote images would track readers (and the CSP blocks them): a link to the picture instead.
      image({ href, text }) {
        const label = escapeHtml(text || href);
        return isSafeUrl(href) ? `<a href="${escapeHtml(href)}">${label}</a>` : `<a>${label}</a>`;
      },
    },
  });
}
