// The last gate before model text becomes DOM: DOMPurify with an HTML-only profile, no styles, no SVG or
// MathML, links to http(s) and mailto only, each opening in a new tab without access to this one.
import DOMPurify, { type Config } from "dompurify";

const purify = DOMPurify(window);

const CONFIG: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: [
    "style",
    "script",
    "iframe",
    "frame",
    "object",
    "embed",
    "form",
    "svg",
    "math",
    "template",
    "img",
  ],
  FORBID_ATTR: ["style", "srcset", "formaction", "xlink:href"],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
  ADD_ATTR: ["target"],
};

purify.addHook("afterSanitizeAttributes", (node) => {
  if (node.nodeName !== "A") return;
  if (node.hasAttribute("href")) {
    node.setAttribute("target", "_blank");
    node.setAttribute("rel", "noopener noreferrer");
  } else {
    node.removeAttribute("target");
  }
});

export const sanitizeHtml = (html: string): string => purify.sanitize(html, CONFIG) as string;
