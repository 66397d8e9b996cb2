// Supported attachment media (SPEC §3): which kind of input a file is, from its MIME type or its name.

export type FileKind = "image" | "audio" | "video" | "document";

/** The part of a browser File (or a stored attachment) that decides its kind. */
export interface FileDescriptor {
  /** MIME type; may be empty or generic (application/octet-stream) for code files. */
  type?: string | null;
  name?: string | null;
}

// SPEC spells the AAC format "acc"; the real MIME type and extension are aac, and we accept both spellings.
export const AUDIO_MIME_TYPES = [
  "audio/wav",
  "audio/x-wav",
  "audio/wave",
  "audio/mp3",
  "audio/mpeg",
  "audio/aiff",
  "audio/x-aiff",
  "audio/aac",
  "audio/acc",
  "audio/ogg",
  "audio/flac",
  "audio/x-flac",
] as const;
export const AUDIO_EXTENSIONS = ["wav", "mp3", "aiff", "aif", "aac", "acc", "ogg", "oga", "flac"] as const;

export const VIDEO_MIME_TYPES = [
  "video/mp4",
  "video/mpeg",
  "video/mov",
  "video/quicktime",
  "video/avi",
  "video/x-msvideo",
  "video/x-flv",
  "video/mpg",
  "video/webm",
  "video/wmv",
  "video/x-ms-wmv",
  "video/3gpp",
] as const;
export const VIDEO_EXTENSIONS = [
  "mp4",
  "mpeg",
  "mov",
  "avi",
  "flv",
  "mpg",
  "webm",
  "wmv",
  "3gp",
  "3gpp",
] as const;

export const IMAGE_MIME_TYPES = [
  "image/png",
  "image/jpg",
  "image/jpeg",
  "image/webp",
  "image/gif",
  "image/svg+xml",
] as const;
export const IMAGE_EXTENSIONS = ["png", "jpg", "jpeg", "webp", "gif", "svg"] as const;

export const DOCUMENT_MIME_TYPES = [
  "application/pdf",
  "application/msword",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "text/csv",
  "text/plain",
  "application/vnd.ms-excel",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.ms-powerpoint",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  "application/json",
  "application/rtf",
  "text/rtf",
  "application/epub+zip",
  "application/vnd.oasis.opendocument.text",
  "application/vnd.oasis.opendocument.presentation",
  "text/markdown",
  "text/x-markdown",
  "application/x-subrip",
  "text/vtt",
] as const;

// biome-ignore format: a packed word list reads better than one extension per line
export const OFFICE_AND_TEXT_EXTENSIONS = [
  "pdf", "doc", "docx", "csv", "tsv", "txt", "text", "xls", "xlsx", "ppt", "pptx", "json", "jsonl",
  "ndjson", "rtf", "epub", "odt", "odp", "md", "markdown", "mdx", "srt", "vtt", "sub", "sbv", "ass", "log",
] as const;

// Source code and configuration: read as plain text. Names without a dot (Dockerfile) match whole.
// biome-ignore format: a packed word list reads better than one extension per line
export const CODE_AND_CONFIG_EXTENSIONS = [
  "js", "mjs", "cjs", "jsx", "ts", "mts", "cts", "tsx", "py", "pyi", "ipynb", "rb", "php", "java", "kt",
  "kts", "scala", "groovy", "gradle", "go", "rs", "c", "h", "cpp", "cc", "cxx", "hpp", "hh", "cs", "fs",
  "vb", "swift", "m", "mm", "dart", "lua", "pl", "pm", "r", "jl", "ex", "exs", "erl", "hrl", "hs", "clj",
  "cljs", "elm", "ml", "zig", "nim", "sol", "asm", "s", "sh", "bash", "zsh", "fish", "ps1", "bat", "cmd",
  "sql", "prisma", "graphql", "gql", "proto", "html", "htm", "css", "scss", "sass", "less", "vue", "svelte",
  "astro", "xml", "xsl", "yaml", "yml", "toml", "ini", "cfg", "conf", "env", "properties", "editorconfig",
  "gitignore", "dockerignore", "dockerfile", "makefile", "cmake", "mk", "tf", "tfvars", "hcl", "nix",
  "lock", "diff", "patch", "tex", "bib", "rst", "adoc", "org",
] as const;

function table(entries: readonly (readonly [FileKind, readonly string[]])[]): ReadonlyMap<string, FileKind> {
  const map = new Map<string, FileKind>();
  for (const [kind, values] of entries) for (const value of values) map.set(value, kind);
  return map;
}

// Built on first use so that importing the catalogue costs nothing in bundles that never look at files.
let byMime: ReadonlyMap<string, FileKind> | undefined;
let byExtension: ReadonlyMap<string, FileKind> | undefined;

/** Lower-cased extension; a name without a dot (Makefile) or a dotfile (.env) gives the whole name. */
export function extensionOf(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? "").trim().toLowerCase();
  const dot = base.lastIndexOf(".");
  return dot === -1 ? base : base.slice(dot + 1);
}

/**
 * The kind of input a file is, or null when no model may receive it.
 * A listed MIME type decides; an unlisted image, audio or video MIME type (heic, m4a, mp2t…) is unsupported
 * even when its extension looks like code (video.ts); otherwise the extension decides, then any other text/*
 * is a document.
 */
export function fileKind(file: FileDescriptor): FileKind | null {
  byMime ??= table([
    ["image", IMAGE_MIME_TYPES],
    ["audio", AUDIO_MIME_TYPES],
    ["video", VIDEO_MIME_TYPES],
    ["document", DOCUMENT_MIME_TYPES],
  ]);
  byExtension ??= table([
    ["image", IMAGE_EXTENSIONS],
    ["audio", AUDIO_EXTENSIONS],
    ["video", VIDEO_EXTENSIONS],
    ["document", OFFICE_AND_TEXT_EXTENSIONS],
    ["document", CODE_AND_CONFIG_EXTENSIONS],
  ]);
  const mime = (file.type ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  const fromMime = byMime.get(mime);
  if (fromMime) return fromMime;
  if (/^(image|audio|video)\//.test(mime)) return null;
  const fromName = file.name ? byExtension.get(extensionOf(file.name)) : undefined;
  if (fromName) return fromName;
  return mime.startsWith("text/") ? "document" : null;
}
