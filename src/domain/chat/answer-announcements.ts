// What the chat screen's live region says of an answer (client/chat/answer-announcer.tsx): that it started,
// and how it ended — only for answers asked on this screen, never for ones already there or being resumed.
import { messageNotice, type NoticeKey } from "./message-notices.ts";
import { spokenText } from "./spoken-text.ts";
import { shownImages } from "./stream-events.ts";
import type { MessageWire } from "./wire.ts";

/** A message of the conversation pane: `live` while it is being streamed (a negative id: on its way). */
export type AnnouncedMessage = Pick<MessageWire, "id" | "role" | "content" | "model" | "metadata"> & {
  live?: boolean;
};

export type Announcement =
  | { kind: "answering"; model: string | null }
  /**
   * The answer's words, whole or their start (`cut`); empty for an answer of pictures only. `pictures`: how
   * many it made, and what of (its prompt, the question, cut short; empty for a question with no words).
   */
  | { kind: "answer"; text: string; cut: boolean; pictures?: { count: number; about: string } }
  | { kind: "notice"; notice: NoticeKey; provider?: string };

export interface AnnouncerState {
  /** Messages this pane has shown: an answer first seen already written, or not yet live, is not ours. */
  seen: ReadonlySet<number>;
  /** The answer asked here and being written (as last seen: a placeholder's id becomes the saved one's). */
  following: number | null;
  /** The question of a placeholder followed: a new chat's answer is known again in the chat it creates. */
  asked: string | null;
}

export const initialAnnouncerState = (): AnnouncerState => ({
  seen: new Set(),
  following: null,
  asked: null,
});

/**
 * Past this many characters of text, an answer is announced by its start and "answer complete". A polite
 * region cannot be paused, skimmed or navigated, and holds every later announcement behind it: an answer of
 * a few thousand words read out whole would keep the reader listening for minutes with no way to skip to
 * the part they want. About 20 seconds of speech at a screen reader's usual rate says what the answer is
 * about; the reader goes on in the answer itself, with its headings and lists, at their own pace.
 */
export const ANNOUNCED_MAX_CHARACTERS = 400;

/** A picture's prompt, said with it: enough to know which picture it is, not a long prompt read out whole. */
export const ANNOUNCED_PROMPT_CHARACTERS = 200;

/** An answer's markdown as spoken text (spokenText), whole when short, else its start cut at a sentence or a word. */
export function announcedText(
  markdown: string,
  max = ANNOUNCED_MAX_CHARACTERS,
): { text: string; cut: boolean } {
  return cutAt(spokenText(markdown), max);
}

function cutAt(words: string, max: number): { text: string; cut: boolean } {
  const text = words.replace(/\s+/g, " ").trim();
  if (text.length <= max) return { text, cut: false };
  const head = text.slice(0, max + 1);
  const sentence = Math.max(...[". ", "! ", "? "].map((end) => head.lastIndexOf(end)));
  const word = head.lastIndexOf(" ");
  const at = sentence >= max / 2 ? sentence + 1 : word > 0 ? word : max;
  return { text: head.slice(0, at).trim(), cut: true };
}

/**
 * What a picture shows, as far as we know it: the question before it as the user typed it (plain text, not
 * markdown), cut at a word — said with the picture by the announcer, and its alt text. "" without words.
 */
export function pictureAbout(question: string | null | undefined): string {
  const about = cutAt(question ?? "", ANNOUNCED_PROMPT_CHARACTERS);
  return about.cut && !/[.!?]$/.test(about.text) ? `${about.text}…` : about.text;
}

/**
 * What is said of an answer with pictures: what they are ("Picture ready: <its prompt>", in the reader's
 * language), then the answer's words, if it has any, as sentences of their own. The pictures' sentence ends
 * in a full stop, or a screen reader runs the prompt into the words with no pause ("…at dusk Here it is"),
 * unless the prompt ended it already (a question, a prompt cut short with "…", also before a closing quote
 * or bracket); a comma, colon or semicolon it ended on gives way to the full stop.
 */
export function picturesThenWords(pictures: string, words: string): string {
  if (!words) return pictures;
  const said = pictures.trimEnd();
  const ended = /[.!?…]["'”’»)\]]*$/.test(said) ? said : `${said.replace(/\s*[,;:]$/, "")}.`;
  return `${ended} ${words}`;
}

const liveAnswerOf = (messages: readonly AnnouncedMessage[]) =>
  messages.findLast((m) => m.role === "assistant" && m.live === true);

/** The question an answer at `index` answers, as its user typed it, if the message before it is one. */
export function questionAt(
  messages: readonly { role: string; content: string }[],
  index: number,
): string | null {
  const question = index > 0 ? messages[index - 1] : undefined;
  return question?.role === "user" ? question.content : null;
}

/** The question just before an answer, as the placeholder for it showed it. */
const questionBefore = (messages: readonly AnnouncedMessage[], answerId: number) =>
  questionAt(
    messages,
    messages.findIndex((m) => m.id === answerId),
  );

function ending(message: AnnouncedMessage, lost: boolean, question: string | null): Announcement | null {
  const notice = messageNotice(message, lost);
  if (notice) {
    const provider = message.metadata.error?.provider;
    return { kind: "notice", notice, ...(provider ? { provider } : {}) };
  }
  // Still being saved (the stream ended, the saved message not read yet): said once it is.
  if (message.metadata.done === false) return null;
  const count = shownImages(message.metadata.images).length;
  const pictures = { count, about: pictureAbout(question) };
  return { kind: "answer", ...announcedText(message.content), ...(count > 0 ? { pictures } : {}) };
}

/**
 * One step, each time the pane's messages change; `mounting` on a pane's first. An answer is ours when it
 * is first seen already live after the pane mounted, or is a placeholder (a negative id: a message this
 * page is sending). Only one answer of a chat is written at a time: a live answer while one is followed is
 * the same answer saved. One is followed from its start to its end, then said: its words, or its notice.
 */
export function announcerStep(
  state: AnnouncerState,
  messages: readonly AnnouncedMessage[],
  {
    mounting,
    lost,
    answering,
  }: {
    mounting: boolean;
    lost(messageId: number): boolean;
    /** Whether an answer to this question is being written (a generation under way asked it). */
    answering(question: string): boolean;
  },
): { state: AnnouncerState; announcement: Announcement | null } {
  const live = liveAnswerOf(messages);
  let { following, asked } = state;
  let seen = state.seen;
  if (mounting) {
    seen = new Set();
    // A new chat's first answer is followed on by the pane that shows it next, known by its question: the
    // open chat's (saved), or the new chat's again (its placeholder shown anew while the chat opens) — not
    // a message sent again after the first could not be (no answer to it is being written).
    // It may also have ended before that pane mounted (a short answer, a busy machine): then it is the
    // chat's last message, saved, and said as it would have been at its end.
    const question = live ? questionBefore(messages, live.id) : null;
    const last = messages.at(-1);
    const handedOver =
      following !== null &&
      following < 0 &&
      (live !== undefined
        ? question === asked && (live.id > 0 || (question !== null && answering(question)))
        : asked !== null &&
          last?.role === "assistant" &&
          last.id > 0 &&
          questionAt(messages, messages.length - 1) === asked);
    if (!handedOver) following = null;
  }
  let announcement: Announcement | null = null;
  if (following === null) {
    // A placeholder's id (-2) comes back with each message sent: it is never taken as seen.
    if (live && (live.id < 0 || (!mounting && !seen.has(live.id)))) {
      following = live.id;
      asked = questionBefore(messages, live.id);
      announcement = { kind: "answering", model: live.model };
    }
  } else if (live) {
    following = live.id;
  } else {
    // A placeholder gives way to its saved answer, which may have ended before it was seen live.
    const saved = (m: AnnouncedMessage) =>
      m.role === "assistant" && m.id > 0 && !seen.has(m.id) && questionBefore(messages, m.id) === asked;
    const followed =
      messages.find((m) => m.id === following) ?? (following < 0 ? messages.findLast(saved) : undefined);
    // Gone without an answer: the message could not be sent (the composer's notice says why).
    if (!followed) following = null;
    else {
      announcement = ending(followed, lost(followed.id), questionBefore(messages, followed.id));
      if (announcement) following = null;
    }
  }
  if (following === null) asked = null;
  // Copied only when a message is new: a streamed answer takes a step per piece, with the same messages.
  const fresh = messages.filter((m) => m.id > 0 && !seen.has(m.id));
  const known = fresh.length > 0 ? new Set([...seen, ...fresh.map((m) => m.id)]) : seen;
  return { state: { seen: known, following, asked }, announcement };
}
