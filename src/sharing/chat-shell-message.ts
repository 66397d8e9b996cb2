// One message in an open chat's first frame (src/sharing/chat-shell.ts), laid out as the app's (client/chat/
// message-item.tsx): a question with its files, an answer with the parts around its text (its folded reasoning,
// its sources, its pictures and a grid's buttons, a stopped or failed answer's notice, its footer), or the writing
// dots of one still being written, so that nothing moves when the app's take their place.
import type { MessageRow } from "../db/messages";
import { pictureAbout } from "../domain/chat/answer-announcements";
import { showsAnswerFooter } from "../domain/chat/answer-footer";
import { contentDigest, FRAME_DIGEST_ATTRIBUTE, FRAME_MESSAGE_ATTRIBUTE } from "../domain/chat/frame-answers";
import { escapeHtml } from "../domain/chat/markdown-rules";
import { messageNotice } from "../domain/chat/message-notices";
import type { AnswerTexts, SourceTexts } from "../domain/chat/shell-labels";
import { shownImages } from "../domain/chat/stream-events";
import type { MessageMetadata } from "../domain/chat/wire";
import type { AttachmentWire } from "../domain/files";
import { shellFiles, shellPictures } from "./chat-shell-media";
import { type NoticeWords, shellFailure } from "./chat-shell-notice";
import { shellSources } from "./chat-shell-sources";
import { modelName } from "./page";
import { renderMarkdown } from "./render-markdown";

/**
 * A message's markup, given the words of the page's language (which the Worker reads from the page): its
 * sources' and its other parts' (none: they keep their places, unnamed).
 */
export type ShellMessage = (sources: SourceTexts, parts?: AnswerTexts) => string;
const UNNAMED: AnswerTexts = {
  thought: "",
  stopped: "",
  upscales: "",
  upscale: "",
  variations: "",
  vary: "",
  writing: "",
};

/**
 * The place of the footer the app gives a question, an answer with words and the chat's last answer (their time,
 * copy, edit and Regenerate buttons: showsAnswerFooter): empty here, so that nothing moves when the app's messages
 * replace the frame's.
 */
const FOOTER = '<footer class="message-footer"></footer>';

/** A word of the page's, else a line's height: a page without them (not built) keeps the parts' places. */
const word = (text: string) => escapeHtml(text) || "&#8203;";

/**
 * The app's ThinkingBlock (client/chat/message-parts.tsx) as it shows a finished answer's reasoning: folded,
 * under its summary. Without the reasoning, which the frame does not send (it can be many times the answer's
 * length, and the frame's messages show only once all of them have arrived), and so inert: nothing to open
 * until the app's, which has it, takes its place.
 */
export function shellThinking(meta: MessageMetadata, texts: Pick<AnswerTexts, "thought">): string {
  return meta.reasoning
    ? `<details class="thinking-block" inert><summary>${word(texts.thought)}</summary></details>`
    : "";
}

/**
 * The app's notice of a stopped answer (message-parts.tsx' MessageNotice: "Generation Stopped", under its text).
 * A failed answer's is shellFailure's (chat-shell-notice.ts).
 */
export function shellStopped(meta: MessageMetadata, texts: Pick<AnswerTexts, "stopped">): string {
  return messageNotice({ metadata: meta }) === "stopped"
    ? `<div class="message-notice stopped" data-notice="stopped"><span>${word(texts.stopped)}</span></div>`
    : "";
}

/**
 * What the app shows of an answer still being written as it takes over (message-item.tsx): it follows the answer's
 * live stream (client/hooks/use-chat.ts, resumeUnfinished) from an empty text, with its writing dots until the
 * replay's first words arrive. The frame draws those dots (still: it runs no animation) and nothing else: the saved
 * row holds no more while the answer runs (its words are in the chat's stream until it ends).
 */
export function shellWriting(texts: Pick<AnswerTexts, "writing">): string {
  return (
    '<div class="writing"><span class="dots" aria-hidden="true"><i></i><i></i><i></i></span>' +
    `<span class="visually-hidden">${escapeHtml(texts.writing)}</span></div>`
  );
}

/** The reader's words without a catalogue: each notice keeps a line's place, unnamed. */
const NO_WORDS: NoticeWords = { catalogue: null, locale: "en" };

export async function shellMessage(
  m: MessageRow,
  question: string | null,
  files: readonly AttachmentWire[],
  /** The chat's last message: as an answer, the app offers to generate it again (in its footer). */
  last = false,
  /** The reader's chat catalogue, read for a frame holding a failed answer (its notice's words). */
  words: NoticeWords = NO_WORDS,
): Promise<ShellMessage> {
  const meta = m.metadata as MessageMetadata;
  if (meta.role === "user") {
    // As the app: its files above it, and no bubble for a question of pictures alone.
    const own = shellFiles(files.filter((f) => f.messageId === m.id));
    const bubble = m.content ? `<div class="user-bubble">${escapeHtml(m.content)}</div>` : "";
    return () => `<article class="message user">${own}${bubble}${FOOTER}</article>`;
  }
  const model = modelName(m.model);
  const title = `<header class="message-header">${escapeHtml(model)}</header>`;
  // The chat's last answer not finished yet: the app resumes it, live (the only one it resumes).
  if (last && meta.done === false)
    return (_, parts = UNNAMED) =>
      `<article class="message model" aria-busy="true">${title}${shellWriting(parts)}</article>`;
  const images = shownImages(meta.images);
  const about = pictureAbout(question) || model;
  // Math as the app's renderer sets it (KaTeX's HTML, with its stylesheet in the frame: withChatShell): the
  // answers the app keeps from the frame look as the ones it renders itself.
  const body = m.content ? `<div class="markdown">${await renderMarkdown(m.content, "katex")}</div>` : "";
  // The app shows this typeset answer as it is while its copy of the message says the same
  // (client/chat/markdown/frame-answers.ts).
  const adoptable = m.content
    ? ` ${FRAME_MESSAGE_ATTRIBUTE}="${m.id}" ${FRAME_DIGEST_ATTRIBUTE}="${contentDigest(m.content)}"`
    : "";
  const header = `<article class="message model"${adoptable}>${title}`;
  // A saved answer, as the app shows it once it has read the chat (none being written, none being sent).
  const notice = messageNotice({ metadata: meta });
  const footer = showsAnswerFooter({ live: false, text: Boolean(m.content), last, notice }) ? FOOTER : "";
  const failure = shellFailure(meta, last, words);
  // Every part in the app's order: one the frame left out moved, in a long chat shown from its end, everything
  // above it by its height at the handover (the folded reasoning 36 px, a stopped answer's notice 34 px, a failed
  // one's 64 px on a computer and 152 px on a phone, a grid's rows of buttons 76 px, a picture alone's footer 30 px).
  return (sources, parts = UNNAMED) =>
    `${header}${shellThinking(meta, parts)}${shellSources(meta, sources, m.id)}${body}` +
    `${shellPictures(images, about, parts)}${shellStopped(meta, parts)}${failure}${footer}</article>`;
}
