// The first frame's words per language as the build writes them on index.html (the composer's name, the sources'
// headings, an answer's folded reasoning, stopped notice, grid's buttons and writing dots) and the Worker reads
// them back: "en=Message;fr=Message;…", or a list "en=Sources|p. {{pages}};…".
// What an attribute or the list would trip on is written %XX: no entities for an HTML attribute to decode.
import type { Locale } from "../locales.ts";

const escapeLabel = (text: string) =>
  text.replace(/[%;=|&<>"']/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const unescapeLabel = (text: string) =>
  text.replace(/%([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

export function encodeLabels(labels: Readonly<Record<string, string | readonly string[]>>): string {
  return Object.entries(labels)
    .map(([locale, label]) => `${locale}=${[label].flat().map(escapeLabel).join("|")}`)
    .join(";");
}

/** Each language's list of words (one for a single label). */
export function decodeLabelLists(text: string): Record<string, string[]> {
  const labels: Record<string, string[]> = {};
  for (const pair of text.split(";")) {
    const cut = pair.indexOf("=");
    if (cut > 0)
      labels[pair.slice(0, cut)] = pair
        .slice(cut + 1)
        .split("|")
        .map(unescapeLabel);
  }
  return labels;
}

export function decodeLabels(text: string): Record<string, string> {
  return Object.fromEntries(Object.entries(decodeLabelLists(text)).map(([l, parts]) => [l, parts.join("|")]));
}

/**
 * The words of an answer's sources blocks (client/chat/documents-status.tsx, message-parts.tsx), in this order
 * in the build's list: the web's heading, the documents' heading, a document's pages ("p. {{pages}}").
 */
export interface SourceTexts {
  web: string;
  documents: string;
  pages: string;
}

/** The index.html attribute (on the frame's .boot-hero) that carries them. */
export const SOURCE_LABELS_ATTRIBUTE = "data-source-labels";

/**
 * The reader's words, else English's; a page without them (not built) gets blocks of the same size, unnamed, and
 * the pages' numbers alone.
 */
export function sourceTexts(text: string, locale: Locale): SourceTexts {
  const lists = decodeLabelLists(text);
  const [web = "", documents = "", pages = "{{pages}}"] = lists[locale] ?? lists.en ?? [];
  return { web, documents, pages };
}

/**
 * The words of the parts the app shows around an answer's text (client/chat/message-parts.tsx, grid-choices.tsx,
 * message-item.tsx), in this order in the build's list: its folded reasoning's summary ("Thought process"), a
 * stopped answer's notice, a Midjourney grid's rows' and buttons' names ("Upscale one picture", "Upscale
 * {{choice}}", "Vary one picture", "Vary picture {{n}} ({{choice}})"), and what an answer still being written
 * says to a screen reader ("Writing…").
 */
export interface AnswerTexts {
  thought: string;
  stopped: string;
  upscales: string;
  upscale: string;
  variations: string;
  vary: string;
  writing: string;
}

/** The index.html attribute (on the frame's .boot-hero, beside the sources') that carries them. */
export const ANSWER_LABELS_ATTRIBUTE = "data-answer-labels";

/** The reader's words, else English's, else none (a page not built: the parts keep their place, unnamed). */
export function answerTexts(text: string, locale: Locale): AnswerTexts {
  const lists = decodeLabelLists(text);
  const [thought = "", stopped = "", upscales = "", upscale = "", variations = "", vary = "", writing = ""] =
    lists[locale] ?? lists.en ?? [];
  return { thought, stopped, upscales, upscale, variations, vary, writing };
}

/**
 * Where the build puts each language's chat catalogue as JSON (scripts/lib/boot-shell.ts): the Worker reads the
 * reader's only for a frame holding a failed answer, whose notice is one of many sentences (src/sharing/
 * chat-shell-notice.ts). All of them in every language on index.html would weigh on every page.
 */
export const chatCatalogueAsset = (locale: Locale): string => `/build/i18n/${locale}/chat.json`;
