// The data export (GDPR): every chat of the account as one JSON document, one Markdown file per chat, and the
// pictures and files its messages carry.
import { STOPPED_MARKER, type StreamOutcome } from "./chat/stream-events.ts";
import { keyExtension, safeFileName, uniqueName } from "./download-names.ts";
import type { StreamErrorCode } from "./error-codes.ts";
import { modelByKey } from "./models/catalogue.ts";

/**
 * The most bytes of files one export holds (the zip has no ZIP64, so it must stay well under 4 GB); files
 * past it are named in the Markdown but left out.
 */
export const EXPORT_FILES_MAX_BYTES = 1_000_000_000;

/** Why a file is named in the export but not inside it. */
export type ExportOmission = "unavailable" | "size_limit";

/** A generated picture or an attached file, as the export holds it. */
export interface ExportFile {
  /** Its place in the zip, `files/<chatId>/<name>`; the Markdown links there. */
  path: string;
  /** The name as uploaded; a generated picture is `image-<n>.<ext>`, n counting the chat's pictures. */
  name: string;
  type: string | null;
  /** Why it is not in the zip after all (gone from storage, past the export's size limit), or null. */
  omitted: ExportOmission | null;
}

export interface ExportMessage {
  id: number;
  role: "user" | "assistant";
  content: string;
  model: string | null;
  createdAt: string;
  /** How an answer's generation ended; null for questions (and answers saved before outcomes were kept). */
  outcome: StreamOutcome | null;
  /** A failed answer's SPEC §8 code (`provider_unavailable`…), or null. */
  error: string | null;
  /** The pictures an answer generated. */
  images: ExportFile[];
  /** The files sent with a question. */
  attachments: ExportFile[];
}

export interface ExportChat {
  id: number;
  title: string;
  model: string;
  /** The assistant's label, or null for the default assistant. */
  assistant: string | null;
  createdAt: string;
  updatedAt: string;
  messages: ExportMessage[];
}

export interface ExportDocument {
  format: "switchboard-export";
  version: 1;
  exportedAt: string;
  email: string;
  chats: ExportChat[];
}

/** A file name's safe part: letters and digits of any script, dashes, at most 60 characters. */
export function slugOf(title: string): string {
  const slug = title
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
  return Array.from(slug).slice(0, 60).join("").replace(/-+$/, "") || "chat";
}

/** Where a chat's file goes in the zip; `taken` holds the names that chat already uses. */
export const exportFilePath = (chatId: number, name: string, taken: Set<string>) =>
  `files/${chatId}/${uniqueName(safeFileName(name), taken)}`;

/** A generated picture's name in the export, `image-3.png`, from its stored key's extension. */
export const exportImageName = (n: number, key: string) => `image-${n}.${keyExtension(key)}`;

/** The catalogue's name of a model, or its key once the catalogue no longer knows it. */
export const modelName = (key: string) => modelByKey(key)?.label ?? key;

/** SPEC §8's words for a failed answer, in the export's language (English). */
const ERROR_NOTICES: Readonly<Record<StreamErrorCode, string>> = {
  provider_unavailable: "The model was temporarily unavailable.",
  fair_usage_limit: "The fair usage limit was reached.",
  image_timeout: "The image took too long.",
  image_error: "Image creation error: the model was temporarily unavailable.",
  unable_to_process: "Unable to process the message.",
  document_unprocessable: "A document of the conversation could not be processed.",
  document_too_complex: "A document was too complex or too large to load.",
  document_pipeline_error: "Something went wrong while reading the documents.",
};

const errorNotice = (code: string | null): string =>
  code && Object.hasOwn(ERROR_NOTICES, code)
    ? ERROR_NOTICES[code as StreamErrorCode]
    : "The answer could not be completed.";

const OMISSIONS: Readonly<Record<ExportOmission, string>> = {
  unavailable: "it could not be read",
  size_limit: "the export's size limit was reached",
};

/** A link from `markdown/…` to a file of the zip: one level up, each part percent-encoded. */
const linkTo = (path: string) => `../${path.split("/").map(encodeURIComponent).join("/")}`;

/** Link text cannot hold brackets or line ends unescaped. */
const linkText = (text: string) => text.replace(/[\\[\]]/g, "\\$&").replace(/\s+/g, " ");

const notIncluded = (file: ExportFile) =>
  `*(${linkText(file.name)} is not included: ${OMISSIONS[file.omitted ?? "unavailable"]}.)*`;

/** What follows a message's text: its pictures, its files, and how its generation ended. */
function messageExtras(message: ExportMessage): string[] {
  const blocks: string[] = [];
  for (const image of message.images) {
    blocks.push(image.omitted ? notIncluded(image) : `![${linkText(image.name)}](${linkTo(image.path)})`);
  }
  if (message.attachments.length > 0) {
    const items = message.attachments.map((file) =>
      file.omitted ? `- ${notIncluded(file)}` : `- [${linkText(file.name)}](${linkTo(file.path)})`,
    );
    blocks.push(["Attached files:", "", ...items].join("\n"));
  }
  if (message.error !== null || message.outcome === "error") {
    blocks.push(`> **Error:** ${errorNotice(message.error)}`);
  } else if (message.outcome === "stopped" && !message.content.trimEnd().endsWith(STOPPED_MARKER)) {
    // The stop writes its marker into the text; an answer stopped before writing any may not have it.
    blocks.push(STOPPED_MARKER);
  }
  return blocks;
}

/** One chat as Markdown: its title, then each message under who said it, when, and with which model. */
export function chatMarkdown(chat: ExportChat): string {
  const lines = [`# ${chat.title || "Untitled chat"}`, ""];
  lines.push(`- Created: ${chat.createdAt}`, `- Model: ${modelName(chat.model)}`);
  if (chat.assistant) lines.push(`- Assistant: ${chat.assistant}`);
  for (const message of chat.messages) {
    const who = message.role === "user" ? "You" : message.model ? modelName(message.model) : "Assistant";
    lines.push("", `## ${who} — ${message.createdAt}`);
    for (const block of [message.content, ...messageExtras(message)]) {
      if (block) lines.push("", block);
    }
  }
  return `${lines.join("\n")}\n`;
}

/** The Markdown file's name: the title's words, else the first question's, else "untitled-chat". */
export function chatFileName(chat: ExportChat): string {
  const question = chat.messages.find((m) => m.role === "user" && m.content.trim())?.content;
  return `markdown/${chat.id}-${slugOf((chat.title || question || "untitled chat").slice(0, 200))}.md`;
}

/** The text files of the archive, by path: `chats.json` and `markdown/<id>-<slug>.md` per chat. */
export function exportFiles(document: ExportDocument): Record<string, string> {
  const files: Record<string, string> = { "chats.json": JSON.stringify(document, null, 2) };
  for (const chat of document.chats) files[chatFileName(chat)] = chatMarkdown(chat);
  return files;
}

/** The download's name: switchboard-export-2026-11-23.zip. */
export const exportFileName = (now: Date) => `switchboard-export-${now.toISOString().slice(0, 10)}.zip`;
