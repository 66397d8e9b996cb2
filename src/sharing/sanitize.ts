// The shared page's last gate before model text becomes a document, as DOMPurify is on the client (the Worker
// has no DOM): an allow-list of tags and attributes applied by the runtime's own HTML parser (HTMLRewriter).
import { isSafeUrl } from "../domain/chat/markdown-rules";

/** Dropped with everything inside them (DOMPurify's FORBID_TAGS, plus what DOMPurify removes whole). */
const DROPPED = new Set([
  "script",
  "style",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "form",
  "svg",
  "math",
  "template",
  "img",
  "noscript",
  "textarea",
  "select",
  "button",
  "title",
  "base",
  "link",
  "meta",
]);

/** What the markdown rules produce; any other tag is unwrapped (its text kept, as DOMPurify keeps content). */
const ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  p: [],
  br: [],
  hr: [],
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  strong: [],
  em: [],
  del: [],
  s: [],
  code: ["class"],
  pre: [],
  blockquote: [],
  ul: [],
  ol: ["start"],
  li: [],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ["align"],
  td: ["align"],
  a: ["href", "title"],
  input: ["type", "checked", "disabled"],
  div: ["class"],
  span: ["class", "data-math-slot"],
  sup: [],
  sub: [],
};

/** Returns `html` with only the allowed tags and attributes; links open in a new tab without access to this one. */
export async function sanitizeHtml(html: string): Promise<string> {
  const rewriter = new HTMLRewriter().on("*", {
    element(el) {
      const tag = el.tagName.toLowerCase();
      if (DROPPED.has(tag)) {
        el.remove();
        return;
      }
      const allowed = ATTRIBUTES[tag];
      if (!allowed) {
        el.removeAndKeepContent();
        return;
      }
      // The DOM library's Element (in the Worker's typecheck through tests that use it) merges with the
      // runtime's, hiding that HTMLRewriter's attributes are [name, value] pairs.
      for (const [name = "", value = ""] of Array.from(el.attributes as Iterable<string[]>)) {
        const keep =
          allowed.includes(name) &&
          (name !== "href" || isSafeUrl(value)) &&
          (tag !== "input" || name !== "type" || value === "checkbox");
        if (!keep) el.removeAttribute(name);
      }
      if (tag === "input" && el.getAttribute("type") !== "checkbox") {
        el.remove();
        return;
      }
      if (tag === "a" && el.hasAttribute("href")) {
        el.setAttribute("target", "_blank");
        el.setAttribute("rel", "noopener noreferrer");
      }
    },
    // Comments could only hide text from a reader; they carry nothing worth keeping.
    comments(comment) {
      comment.remove();
    },
  });
  return rewriter.transform(new Response(html)).text();
}
