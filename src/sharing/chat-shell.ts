// An open chat's newest messages in the SPA's first frame (#boot-shell in index.html): a full page load of
// /app/a/{assistant}/c/{chat} reads them before any script has run; client/lib/boot-shell.ts hands over.
import type { MessageRow } from "../db/messages";
import { questionAt } from "../domain/chat/answer-announcements";
import { FRAME_MATH_STYLES_ATTRIBUTE, FRAME_MESSAGES } from "../domain/chat/frame-answers";
import { escapeHtml } from "../domain/chat/markdown-rules";
import {
  ANSWER_LABELS_ATTRIBUTE,
  answerTexts,
  decodeLabels,
  SOURCE_LABELS_ATTRIBUTE,
  type SourceTexts,
  sourceTexts,
} from "../domain/chat/shell-labels";
import type { MessageMetadata } from "../domain/chat/wire";
import type { AttachmentWire } from "../domain/files";
import type { Locale } from "../domain/locales";
import type { Catalogue } from "../domain/message-format";
import { mathStylesheet, parseRoutePlan } from "../domain/route-preload";
import { type ShellMessage, shellMessage } from "./chat-shell-message";
import { failureOf, type NoticeWords } from "./chat-shell-notice";
import { inlinable, katexStyleElement } from "./katex-styles";
import { holdsMath } from "./render-markdown";

/** Enough to fill a tall screen above the composer; older ones wait for the app (and the user's scrolling). */
export const SHELL_MESSAGES = FRAME_MESSAGES;
/** Markdown is typeset on the Worker before the frame goes out: a bound on that time. */
export const SHELL_CHARACTERS = 24_000;

/** The newest messages the frame shows, oldest first: at least one, then as many as the bounds allow. */
export function newestForShell(messages: readonly MessageRow[]): MessageRow[] {
  const picked: MessageRow[] = [];
  let characters = 0;
  for (let i = messages.length - 1; i >= 0 && picked.length < SHELL_MESSAGES; i--) {
    const m = messages[i] as MessageRow;
    characters += m.content.length;
    if (picked.length > 0 && characters > SHELL_CHARACTERS) break;
    picked.push(m);
  }
  return picked.reverse();
}

const NO_TEXTS: SourceTexts = { web: "", documents: "", pages: "" };

/** What the frame puts in place of the new chat's greeting and composer. */
export interface ChatShell {
  /** The page is the default assistant's (the frame's header can name it). */
  defaultAssistant: boolean;
  /** The messages' markup, in the words the page carries for the reader's language (its answers' parts'). */
  messages: ShellMessage;
  /** Some answer holds math: the frame needs KaTeX's stylesheet. */
  math: boolean;
  /** The reader's language: the composer's name comes from the page's own catalogue of them. */
  locale: Locale;
}

export async function renderChatShell(
  messages: readonly MessageRow[],
  {
    defaultAssistant,
    locale,
    files = [],
    catalogue,
  }: {
    defaultAssistant: boolean;
    locale: Locale;
    /** The files of the questions among `messages`, as the app reads them (the chat page's own). */
    files?: readonly AttachmentWire[];
    /** The reader's chat catalogue (assetCatalogue), asked for only when an answer shown failed. */
    catalogue?: (locale: Locale) => Promise<Catalogue | null>;
  },
): Promise<ChatShell> {
  const newest = newestForShell(messages);
  const first = messages.length - newest.length;
  const roles = messages.map((m) => ({ role: (m.metadata as MessageMetadata).role, content: m.content }));
  const failed = newest.some((m) => failureOf(m.metadata as MessageMetadata) !== null);
  // Without it, a failed answer's notice keeps a line's place, unnamed.
  const words: NoticeWords = {
    catalogue: failed && catalogue ? await catalogue(locale).catch(() => null) : null,
    locale,
  };
  const rendered = await Promise.all(
    newest.map((m, i) =>
      shellMessage(m, questionAt(roles, first + i), files, first + i === messages.length - 1, words),
    ),
  );
  const html: ShellMessage = (sources, parts) => rendered.map((message) => message(sources, parts)).join("");
  // KaTeX's markup comes from the answers' text only, never from the words around it.
  return { defaultAssistant, messages: html, math: holdsMath(html(NO_TEXTS)), locale };
}

/**
 * KaTeX's stylesheet for the frame's math, inline (marked: the app keeps it when the frame goes, for the
 * answers it keeps — client/lib/boot-shell.ts). Without it (no build plan, as under vite's dev server, or a
 * failed read), the frame shows the formulas' MathML alone, and the app renders those answers itself
 * (client/chat/markdown/frame-answers.ts).
 */
async function mathStyles(
  href: string | null,
  stylesheet: ((href: string) => Promise<string | null>) | undefined,
  messages: string,
): Promise<string> {
  const css = href && stylesheet ? await stylesheet(href).catch(() => null) : null;
  return katexStyleElement(css, messages, {
    scope: "#boot-shell ",
    attributes: ` ${FRAME_MATH_STYLES_ATTRIBUTE}`,
  });
}

/**
 * index.html with the chat in its first frame. The document streams: everything before #root (the head, its
 * preloads and the boot script) leaves at once, the rest once the messages are rendered. Without a chat to
 * show (`null`: no session, not this user's chat, nothing in it) the page is the plain SPA shell.
 */
export function withChatShell(
  page: Response,
  shell: Promise<ChatShell | null>,
  stylesheet?: (href: string) => Promise<string | null>,
): Response {
  const settled = shell.catch(() => null);
  // The build's plan as the page carries it, read (parsed) only for a frame with math.
  let plan = "";
  const rewritten = new HTMLRewriter()
    .on('meta[name="route-preload"]', {
      element(el) {
        plan = el.getAttribute("content") ?? "";
      },
    })
    .on('link[rel="stylesheet"]', {
      // The entry's stylesheet, inline: the frame paints as soon as it has arrived, not once another request
      // has (a render-blocking one, behind the preloads the boot script starts).
      async element(el) {
        const href = el.getAttribute("href");
        if (!stylesheet || !href?.startsWith("/assets/")) return;
        const css = inlinable(await stylesheet(href).catch(() => null));
        if (css !== null) el.replace(`<style>${css}</style>`, { html: true });
      },
    })
    .on("#root", {
      async element(el) {
        // The app renders underneath until it hands over: out of reach of focus and assistive technology.
        if (await settled) el.setAttribute("inert", "").setAttribute("aria-hidden", "true");
      },
    })
    .on("#boot-shell", {
      async element(el) {
        const chat = await settled;
        if (chat)
          el.setAttribute("data-chat", chat.defaultAssistant ? "default" : "").removeAttribute("aria-hidden");
      },
    })
    .on("#boot-shell .boot-hero", {
      async element(el) {
        const chat = await settled;
        if (!chat) return;
        // The answers' parts' words in the reader's language, as the build wrote them (scripts/lib/boot-shell.ts).
        const messages = chat.messages(
          sourceTexts(el.getAttribute(SOURCE_LABELS_ATTRIBUTE) ?? "", chat.locale),
          answerTexts(el.getAttribute(ANSWER_LABELS_ATTRIBUTE) ?? "", chat.locale),
        );
        // KaTeX's rules for these formulas: the app keeps them for the answers it keeps (client/lib/boot-shell.ts).
        const math = chat.math
          ? await mathStyles(mathStylesheet(parseRoutePlan(plan)), stylesheet, messages)
          : "";
        el.replace(
          `${math}<div class="boot-chat" role="log"><div class="boot-messages">${messages}</div></div>`,
          {
            html: true,
          },
        );
      },
    })
    .on("#boot-shell .boot-composer", {
      async element(el) {
        const chat = await settled;
        if (!chat) return;
        // Typing may start here; the app's composer takes the text over (client/lib/boot-shell.ts).
        const labels = decodeLabels(el.getAttribute("data-labels") ?? "");
        const label = labels[chat.locale] ?? labels.en ?? "Message";
        el.setInnerContent(
          `<textarea class="boot-input" rows="2" aria-label="${escapeHtml(label)}"></textarea>`,
          {
            html: true,
          },
        );
      },
    })
    .transform(page);
  const headers = new Headers(rewritten.headers);
  // The page now holds one user's messages: no shared cache, no revalidation of the shell's old bytes.
  headers.set("Cache-Control", "private, no-store");
  headers.delete("ETag");
  headers.delete("Last-Modified");
  return new Response(rewritten.body, { status: rewritten.status, headers });
}
