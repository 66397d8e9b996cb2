// An open chat's answers as the Worker typeset them in the page's first frame (src/sharing/chat-shell.ts).
// The app shows copies of those nodes rather than lexing, highlighting, typesetting and sanitising the same
// markdown again while it starts: on a phone that was ~0.5 s of blocking script (the first use of marked's,
// highlight.js's and KaTeX's expressions), in tasks React cannot split. The copies are cloned, never parsed
// again from HTML, and the frame's answers are already sanitised by the Worker.
import {
  contentDigest,
  FRAME_DIGEST_ATTRIBUTE,
  FRAME_MATH_STYLES_ATTRIBUTE,
  FRAME_MESSAGE_ATTRIBUTE,
} from "../../../src/domain/chat/frame-answers";
import { codeHead } from "./code-head";
import type { RenderLabels } from "./render-block";

interface FrameAnswer {
  digest: string;
  /** The frame's own element: it leaves the page with the frame, and only copies of it are shown. */
  body: Element;
}

let answers: Map<number, FrameAnswer> | null = null;

/** Keeps the frame's answers, once, while it is on the page: the chat's list asks before it takes over. */
export function keepFrameAnswers(): void {
  if (answers) return;
  answers = new Map();
  const shell = document.getElementById("boot-shell");
  if (!shell?.hasAttribute("data-chat")) return;
  // KaTeX's HTML needs KaTeX's stylesheet, which the frame brings when it can (src/sharing/chat-shell.ts).
  const mathStyled = shell.querySelector(`style[${FRAME_MATH_STYLES_ATTRIBUTE}]`) !== null;
  for (const article of shell.querySelectorAll<HTMLElement>(`article[${FRAME_MESSAGE_ATTRIBUTE}]`)) {
    const id = Number(article.getAttribute(FRAME_MESSAGE_ATTRIBUTE));
    const digest = article.getAttribute(FRAME_DIGEST_ATTRIBUTE);
    const body = article.querySelector(".markdown");
    if (!Number.isSafeInteger(id) || !digest || !body) continue;
    // Without it the app renders the answer itself, as it renders the ones the frame did not show.
    if (!mathStyled && body.querySelector(".katex-html")) continue;
    answers.set(id, { digest, body });
  }
}

/** The frame's typeset answer for this message, when it was typeset from this very text. */
export function frameAnswer(id: number, text: string): Element | null {
  const found = answers?.get(id);
  return found && found.digest === contentDigest(text) ? found.body : null;
}

/**
 * Where the newest run of messages the list can show without the markdown renderer begins: questions, and
 * answers the frame typeset (or without text). Null when the newest answer is not one of the frame's.
 */
export function framedRunStart(
  messages: readonly { id: number; role: string; content: string }[],
): number | null {
  let start = messages.length;
  while (start > 0) {
    const m = messages[start - 1];
    if (!m || (m.role !== "user" && m.content && frameAnswer(m.id, m.content) === null)) break;
    start--;
  }
  return start < messages.length ? start : null;
}

/**
 * A copy of a frame's answer as the app's renderer writes it (client/chat/markdown/render-block.ts): code
 * blocks get the renderer's header, with its "Copy code" button and, without a language, the reader's word
 * for code.
 */
export function answerCopy(body: Element, labels: RenderLabels): DocumentFragment {
  const copy = document.createDocumentFragment();
  for (const child of body.childNodes) copy.appendChild(child.cloneNode(true));
  for (const head of copy.querySelectorAll<HTMLElement>(".code-head")) {
    const named = head.parentElement?.querySelector('pre code[class*="language-"]');
    const name = named ? (head.querySelector(".code-lang")?.textContent ?? "") : labels.code;
    head.parentNode?.replaceChild(codeHead(name, labels.copyCode), head);
  }
  return copy;
}
