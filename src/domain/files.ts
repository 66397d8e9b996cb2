// Attachment rules (SPEC §3, §5, §9): what an upload is by its bytes and name, sizes, limits, colours, serving.
import {
  CODE_AND_CONFIG_EXTENSIONS,
  extensionOf,
  type FileKind,
  fileKind,
  OFFICE_AND_TEXT_EXTENSIONS,
} from "./models/media.ts";

/** One upload may not exceed this; a document that big would already fill a conversation's whole allowance. */
export const MAX_UPLOAD_BYTES = 32_000_000;
/** SPEC §5/§9: the documents of a conversation (its messages and its assistant) together. */
export const DOCUMENTS_TOTAL_LIMIT = 32_000_000;
/** SPEC §5/§9: a document over this many megabytes gets a warning on its chip. */
export const DOCUMENT_WARNING_MB = 10;
/** Uploads never sent (no message, no assistant) are swept after this long. */
export const ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;
/** How many files one message may carry. */
export const MAX_ATTACHMENTS_PER_MESSAGE = 20;

/** What the first bytes of a file are. "text" is UTF-8 without NUL bytes; "binary" anything unknown. */
export type ByteFamily =
  | "png"
  | "jpeg"
  | "gif"
  | "webp"
  | "svg"
  | "pdf"
  | "zip"
  | "ole"
  | "rtf"
  | "wav"
  | "mp3"
  | "aiff"
  | "aac"
  | "ogg"
  | "flac"
  | "mp4"
  | "mpeg"
  | "avi"
  | "flv"
  | "webm"
  | "asf"
  | "html"
  | "text"
  | "binary";

/** How many leading bytes `sniffFamily` needs. */
export const SNIFF_BYTES = 1024;

const at = (bytes: Uint8Array, prefix: readonly number[], offset = 0) =>
  bytes.length >= offset + prefix.length && prefix.every((b, i) => bytes[offset + i] === b);
const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0));

const HTML_START = /^(<!doctype html|<html|<head|<body|<script|<iframe|<object|<embed|<meta|<title|<style)\b/;

function textOfHead(head: Uint8Array): string | null {
  if (head.includes(0)) return null;
  try {
    // stream: a multibyte character cut at the end of the sample is not an error.
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(head, { stream: true });
  } catch {
    return null;
  }
}

/** The family of a file from its first bytes (magic numbers; for text, what the text opens with). */
export function sniffFamily(head: Uint8Array): ByteFamily {
  if (at(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (at(head, [0xff, 0xd8, 0xff])) return "jpeg";
  if (at(head, ascii("GIF87a")) || at(head, ascii("GIF89a"))) return "gif";
  if (at(head, ascii("RIFF")) && at(head, ascii("WEBP"), 8)) return "webp";
  if (at(head, ascii("RIFF")) && at(head, ascii("WAVE"), 8)) return "wav";
  if (at(head, ascii("RIFF")) && at(head, ascii("AVI "), 8)) return "avi";
  if (at(head, ascii("FORM")) && (at(head, ascii("AIFF"), 8) || at(head, ascii("AIFC"), 8))) return "aiff";
  if (at(head, ascii("%PDF-"))) return "pdf";
  if (at(head, [0x50, 0x4b, 0x03, 0x04])) return "zip";
  if (at(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return "ole";
  if (at(head, ascii("{\\rtf"))) return "rtf";
  if (at(head, ascii("OggS"))) return "ogg";
  if (at(head, ascii("fLaC"))) return "flac";
  if (at(head, ascii("ID3"))) return "mp3";
  if (at(head, ascii("ftyp"), 4)) return "mp4";
  if (at(head, [0x00, 0x00, 0x01, 0xba]) || at(head, [0x00, 0x00, 0x01, 0xb3])) return "mpeg";
  if (at(head, ascii("FLV"))) return "flv";
  if (at(head, [0x1a, 0x45, 0xdf, 0xa3])) return "webm";
  if (at(head, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11])) return "asf";
  // ADTS AAC (sync word, layer 0) before MPEG audio frames (sync word, layer ≠ 0).
  if (head[0] === 0xff && head[1] !== undefined && (head[1] & 0xf6) === 0xf0) return "aac";
  if (head[0] === 0xff && head[1] !== undefined && (head[1] & 0xe0) === 0xe0) return "mp3";
  const text = textOfHead(head);
  if (text === null) return "binary";
  const start = text
    .replace(/^\uFEFF/, "")
    .trimStart()
    .toLowerCase();
  if (HTML_START.test(start)) return "html";
  if (start.startsWith("<svg") || (/^<\?xml|^<!doctype svg|^<!--/.test(start) && start.includes("<svg")))
    return "svg";
  return "text";
}

interface UploadType {
  kind: FileKind;
  /** What the row's `type` records (SPEC §3 caps it at 30 characters). */
  mime: string;
  /** What the bytes must be for this extension. */
  families: readonly ByteFamily[];
}

const TEXT: readonly ByteFamily[] = ["text"];
// A document named .html or .svg-looking text is still text: it is stored and served as a download.
const MARKUP: readonly ByteFamily[] = ["text", "html", "svg"];

// biome-ignore format: one row per extension reads as a table
const BY_EXTENSION: Readonly<Record<string, UploadType>> = {
  png: { kind: "image", mime: "image/png", families: ["png"] },
  jpg: { kind: "image", mime: "image/jpeg", families: ["jpeg"] },
  jpeg: { kind: "image", mime: "image/jpeg", families: ["jpeg"] },
  gif: { kind: "image", mime: "image/gif", families: ["gif"] },
  webp: { kind: "image", mime: "image/webp", families: ["webp"] },
  svg: { kind: "image", mime: "image/svg+xml", families: ["svg"] },
  wav: { kind: "audio", mime: "audio/wav", families: ["wav"] },
  mp3: { kind: "audio", mime: "audio/mpeg", families: ["mp3"] },
  aiff: { kind: "audio", mime: "audio/aiff", families: ["aiff"] },
  aif: { kind: "audio", mime: "audio/aiff", families: ["aiff"] },
  aac: { kind: "audio", mime: "audio/aac", families: ["aac", "mp3"] },
  acc: { kind: "audio", mime: "audio/aac", families: ["aac", "mp3"] },
  ogg: { kind: "audio", mime: "audio/ogg", families: ["ogg"] },
  oga: { kind: "audio", mime: "audio/ogg", families: ["ogg"] },
  flac: { kind: "audio", mime: "audio/flac", families: ["flac", "mp3"] },
  mp4: { kind: "video", mime: "video/mp4", families: ["mp4"] },
  mov: { kind: "video", mime: "video/quicktime", families: ["mp4"] },
  "3gp": { kind: "video", mime: "video/3gpp", families: ["mp4"] },
  "3gpp": { kind: "video", mime: "video/3gpp", families: ["mp4"] },
  mpeg: { kind: "video", mime: "video/mpeg", families: ["mpeg"] },
  mpg: { kind: "video", mime: "video/mpeg", families: ["mpeg"] },
  avi: { kind: "video", mime: "video/x-msvideo", families: ["avi"] },
  flv: { kind: "video", mime: "video/x-flv", families: ["flv"] },
  webm: { kind: "video", mime: "video/webm", families: ["webm"] },
  wmv: { kind: "video", mime: "video/x-ms-wmv", families: ["asf"] },
  pdf: { kind: "document", mime: "application/pdf", families: ["pdf"] },
  doc: { kind: "document", mime: "application/msword", families: ["ole"] },
  xls: { kind: "document", mime: "application/vnd.ms-excel", families: ["ole"] },
  ppt: { kind: "document", mime: "application/vnd.ms-powerpoint", families: ["ole"] },
  // The OOXML and OpenDocument MIME types are longer than the column: their x- short forms stand in.
  docx: { kind: "document", mime: "application/x-docx", families: ["zip"] },
  xlsx: { kind: "document", mime: "application/x-xlsx", families: ["zip"] },
  pptx: { kind: "document", mime: "application/x-pptx", families: ["zip"] },
  odt: { kind: "document", mime: "application/x-odt", families: ["zip"] },
  odp: { kind: "document", mime: "application/x-odp", families: ["zip"] },
  epub: { kind: "document", mime: "application/epub+zip", families: ["zip"] },
  rtf: { kind: "document", mime: "application/rtf", families: ["rtf"] },
  csv: { kind: "document", mime: "text/csv", families: TEXT },
  tsv: { kind: "document", mime: "text/tab-separated-values", families: TEXT },
  md: { kind: "document", mime: "text/markdown", families: MARKUP },
  markdown: { kind: "document", mime: "text/markdown", families: MARKUP },
  mdx: { kind: "document", mime: "text/markdown", families: MARKUP },
  json: { kind: "document", mime: "application/json", families: TEXT },
  srt: { kind: "document", mime: "application/x-subrip", families: TEXT },
  vtt: { kind: "document", mime: "text/vtt", families: TEXT },
  html: { kind: "document", mime: "text/html", families: MARKUP },
  htm: { kind: "document", mime: "text/html", families: MARKUP },
  xml: { kind: "document", mime: "application/xml", families: MARKUP },
  xsl: { kind: "document", mime: "application/xml", families: MARKUP },
  vue: { kind: "document", mime: "text/plain", families: MARKUP },
  svelte: { kind: "document", mime: "text/plain", families: MARKUP },
  astro: { kind: "document", mime: "text/plain", families: MARKUP },
};

/** The upload's type for a supported name, or null: every other SPEC §3 document extension is plain text. */
function uploadTypeOf(name: string): UploadType | null {
  const listed = BY_EXTENSION[extensionOf(name)];
  if (listed) return listed;
  return fileKind({ name }) === "document" ? { kind: "document", mime: "text/plain", families: TEXT } : null;
}

export type UploadCheck =
  | { ok: true; kind: FileKind; type: string }
  /** "extension": not a SPEC §3 type at all; "content": the bytes are not what the name says. */
  | { ok: false; reason: "extension" | "content"; found: ByteFamily };

/**
 * Whether an upload may be kept: its extension must be one of SPEC §3's media or document types, and its
 * first bytes must be that type (a web page renamed photo.png is refused). The browser's declared type is
 * not trusted; the type recorded comes from the extension once the bytes agree.
 */
export function checkUpload(name: string, head: Uint8Array): UploadCheck {
  const found = sniffFamily(head.subarray(0, SNIFF_BYTES));
  const expected = uploadTypeOf(name);
  if (!expected) return { ok: false, reason: "extension", found };
  // An empty text file is a text file.
  const matches = expected.families.includes(found) || (head.length === 0 && expected.families === TEXT);
  if (!matches) return { ok: false, reason: "content", found };
  return { ok: true, kind: expected.kind, type: expected.mime };
}

/** Why an upload is refused, as the API answers it (src/files/attachments.ts). */
export interface UploadRefusal {
  status: 413 | 415;
  code: "payload_too_large" | "unsupported_media_type";
  message: string;
  detail?: string;
}

/**
 * What an upload is for. A message takes every SPEC §3 type; an assistant's files are the documents it reads
 * for every chat with it (SPEC §5, §8), so it takes documents only: a picture would be kept and never read.
 */
export type UploadPurpose = "message" | "assistant";

/** A 415's `file` detail, by the rule the upload broke (the browser words each: `refusalReason`). */
export const UPLOAD_REFUSAL_DETAILS = {
  notSupported: "unsupported type",
  notWhatItSays: "content mismatch",
  notDocument: "not a document",
} as const;

/**
 * The upload rule whole, for the server and for the browser, which checks a picked file before sending it
 * (no 32 MB upload to hear it is too big, no file listed as fine until the server says otherwise): the size,
 * for an assistant the kind its name says, then `checkUpload` on the first bytes.
 */
export function judgeUpload(
  file: { name: string; size: number },
  head: Uint8Array,
  purpose: UploadPurpose = "message",
): { ok: true; kind: FileKind; type: string } | { ok: false; refusal: UploadRefusal } {
  if (file.size > MAX_UPLOAD_BYTES) {
    const message = `A file may be at most ${MAX_UPLOAD_BYTES} bytes.`;
    return { ok: false, refusal: { status: 413, code: "payload_too_large", message } };
  }
  if (purpose === "assistant" && uploadTypeOf(file.name)?.kind !== "document") {
    const message = `"${file.name}" is not a document: an assistant takes documents only (PDF, Word, spreadsheets, text, code).`;
    return {
      ok: false,
      refusal: {
        status: 415,
        code: "unsupported_media_type",
        message,
        detail: UPLOAD_REFUSAL_DETAILS.notDocument,
      },
    };
  }
  const check = checkUpload(file.name, head.subarray(0, SNIFF_BYTES));
  if (check.ok) return check;
  const message =
    check.reason === "extension"
      ? `"${file.name}" is not a supported file type (images, audio, video and documents only).`
      : `"${file.name}" does not contain what its name says (its bytes look like ${check.found}).`;
  const detail =
    check.reason === "extension" ? UPLOAD_REFUSAL_DETAILS.notSupported : UPLOAD_REFUSAL_DETAILS.notWhatItSays;
  return { ok: false, refusal: { status: 415, code: "unsupported_media_type", message, detail } };
}

const accept: Partial<Record<UploadPurpose, string>> = {};

/**
 * A file input's `accept` list: every extension `judgeUpload` keeps for this purpose, so the picker offers no
 * file the server would refuse. By extension only, as the server decides (a browser's MIME types vary and are
 * not trusted). Not narrowed to the chosen model: a file it cannot take is kept in the composer, where another
 * model can be picked for it, and the server takes it whatever the model.
 */
export function uploadAccept(purpose: UploadPurpose = "message"): string {
  accept[purpose] ??= [
    ...new Set([...Object.keys(BY_EXTENSION), ...OFFICE_AND_TEXT_EXTENSIONS, ...CODE_AND_CONFIG_EXTENSIONS]),
  ]
    .filter((extension) => purpose === "message" || uploadTypeOf(`file.${extension}`)?.kind === "document")
    .map((extension) => `.${extension}`)
    .join(",");
  return accept[purpose];
}

const SERVED_AS_IS = new Set([
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "image/svg+xml",
  "application/pdf",
]);

/**
 * The Content-Type an attachment is served with: pictures, audio, video and PDF as themselves (always with
 * `attachment` disposition and a sandboxing policy), anything else as bytes to download — never as a page.
 */
export function servedContentType(type: string | null | undefined): string {
  const t = (type ?? "").toLowerCase();
  if (SERVED_AS_IS.has(t) || /^(audio|video)\/[a-z0-9.+-]+$/.test(t)) return t;
  return "application/octet-stream";
}

/** A Content-Disposition that always downloads, with the name both plain (ASCII) and exact (RFC 5987). */
export function attachmentDisposition(name: string): string {
  const plain = name.replace(/[^\x20-\x7e]|["\\;]/g, "_").trim() || "file";
  const exact = encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16)}`);
  return `attachment; filename="${plain}"; filename*=UTF-8''${exact}`;
}

/** SPEC §5: MB, KB or B, rounded, with 1 MB = 1,000,000 B and 1 KB = 1,000 B. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 999_500) return `${Math.round(bytes / 1_000_000)} MB`;
  if (bytes >= 999.5) return `${Math.round(bytes / 1_000)} KB`;
  return `${Math.max(0, Math.round(bytes))} B`;
}

/** SPEC §3 "Local file". */
export interface LocalFileFields {
  name: string;
  size: number;
  type: string;
  lastModified: number;
}

/** SPEC §5: two files are the same when name, size, type and last-modified all match. */
export const sameLocalFile = (a: LocalFileFields, b: LocalFileFields): boolean =>
  a.name === b.name && a.size === b.size && a.type === b.type && a.lastModified === b.lastModified;

/** What the size rules need of a file, local or stored. */
export interface SizedFile {
  name?: string | null;
  type?: string | null;
  size: number;
}

export const isDocument = (file: Pick<SizedFile, "name" | "type">): boolean => fileKind(file) === "document";

/** SPEC §5: a document whose size in megabytes exceeds the limit (10 by default) is flagged. */
export const isLargeDocument = (file: SizedFile, limitMb = DOCUMENT_WARNING_MB): boolean =>
  isDocument(file) && file.size / 1_000_000 > limitMb;

/** The bytes of documents among `files` (images, audio and video do not count). */
export const documentsTotal = (files: readonly SizedFile[]): number =>
  files.reduce((sum, file) => sum + (isDocument(file) ? file.size : 0), 0);

/** SPEC §5: the documents of a conversation may not exceed 32,000,000 bytes together. */
export const documentsFit = (files: readonly SizedFile[], limit = DOCUMENTS_TOTAL_LIMIT): boolean =>
  documentsTotal(files) <= limit;

/** SPEC §5: audio and video count as media; nothing else does. */
export const isMediaFile = (file: Pick<SizedFile, "name" | "type">): boolean => {
  const kind = fileKind(file);
  return kind === "audio" || kind === "video";
};

const KNOWN_IMAGE_EXTENSIONS = ["png", "jpeg", "gif", "webp"] as const;

/** SPEC §5: svg when the name or type ends in svg or svg+xml, else the matching known image extension (jpg is jpeg), default jpeg. */
export function imageExtension(file: { name?: string | null; type?: string | null }): string {
  const name = (file.name ?? "").toLowerCase();
  const type = (file.type ?? "").toLowerCase();
  if (/svg(\+xml)?$/.test(name) || /svg(\+xml)?$/.test(type)) return "svg";
  const ext = extensionOf(name) === "jpg" ? "jpeg" : extensionOf(name);
  const sub = type.split("/")[1] === "jpg" ? "jpeg" : type.split("/")[1];
  return KNOWN_IMAGE_EXTENSIONS.find((known) => known === ext || known === sub) ?? "jpeg";
}

/** SPEC §5: an attachment set is complete when it is non-empty and every field but fileHash is set. */
export function isAttachmentSetComplete(
  set: readonly Record<string, unknown>[] | null | undefined,
  fields: readonly string[] = ["id", "name", "type", "content", "size"],
): boolean {
  if (!set || set.length === 0) return false;
  return set.every((a) => fields.every((f) => f === "fileHash" || (a[f] !== null && a[f] !== undefined)));
}

/** SPEC §3 file-type colours; null keeps a chip's neutral colour (pictures show a thumbnail instead). */
export type FileColour =
  | "pdf"
  | "doc"
  | "html"
  | "sheet"
  | "code"
  | "data"
  | "presentation"
  | "js"
  | "ts"
  | "script";

// biome-ignore format: a table reads better packed
const COLOUR_OF: Readonly<Record<string, FileColour>> = {
  pdf: "pdf",
  doc: "doc", docx: "doc", odt: "doc", rtf: "doc", txt: "doc", text: "doc", md: "doc", markdown: "doc",
  mdx: "doc", epub: "doc", srt: "doc", vtt: "doc", sub: "doc", sbv: "doc", ass: "doc", log: "doc",
  html: "html", htm: "html",
  xls: "sheet", xlsx: "sheet", csv: "sheet", tsv: "sheet",
  ppt: "presentation", pptx: "presentation", odp: "presentation",
  json: "data", jsonl: "data", ndjson: "data", xml: "data", yaml: "data", yml: "data", toml: "data",
  sql: "data", ini: "data", cfg: "data", conf: "data", env: "data", properties: "data",
  js: "js", mjs: "js", cjs: "js", jsx: "js",
  ts: "ts", mts: "ts", cts: "ts", tsx: "ts",
  sh: "script", bash: "script", zsh: "script", fish: "script", ps1: "script", bat: "script", cmd: "script",
};

export function fileColour(file: { name?: string | null; type?: string | null }): FileColour | null {
  if (!isDocument(file)) return null;
  return COLOUR_OF[extensionOf(file.name ?? "")] ?? (file.type === "application/pdf" ? "pdf" : "code");
}

/** An attachment as the API sends it: on a message, or as an upload's answer. */
export interface AttachmentWire {
  id: string;
  name: string;
  type: string;
  size: number;
  fileHash: string | null;
  /** Where the owner reads the bytes (GET, owner only). */
  url: string;
  /** The stored object's key: SPEC §7's updateSize names it when the size is still 0. */
  location: string;
  messageId: number | null;
  assistantId: number | null;
  createdAt: string;
}

export const attachmentUrl = (id: string) => `/api/attachments/${id}`;

/** Checks an upload's answer read outside the typed client (an upload with progress goes through XHR). */
export function isAttachmentWire(value: unknown): value is AttachmentWire {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === "string" &&
    typeof v.name === "string" &&
    typeof v.type === "string" &&
    typeof v.size === "number" &&
    typeof v.url === "string" &&
    typeof v.location === "string"
  );
}

/** The kinds among `files` that `model` cannot take (its catalogue `input` list), each once, in order. */
export function unacceptedKinds(
  model: { inputs: readonly string[] },
  files: readonly { name?: string | null; type?: string | null }[],
): FileKind[] {
  const missing: FileKind[] = [];
  for (const file of files) {
    const kind = fileKind(file);
    if (kind && !model.inputs.includes(kind) && !missing.includes(kind)) missing.push(kind);
  }
  return missing;
}
