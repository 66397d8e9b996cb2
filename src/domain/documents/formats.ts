// Which extractor reads a document, from its file name (SPEC §3's document list), and the pipeline's limits.

/** How a document's text is read. */
export type DocumentFormat =
  | "pdf"
  | "docx"
  | "xlsx"
  | "pptx"
  | "odt"
  | "odp"
  | "ods"
  | "epub"
  | "rtf"
  | "csv"
  | "subtitle"
  | "html"
  | "text";

const BY_EXTENSION: Record<string, DocumentFormat> = {
  pdf: "pdf",
  docx: "docx",
  xlsx: "xlsx",
  pptx: "pptx",
  odt: "odt",
  odp: "odp",
  ods: "ods",
  epub: "epub",
  rtf: "rtf",
  csv: "csv",
  tsv: "csv",
  srt: "subtitle",
  vtt: "subtitle",
  html: "html",
  htm: "html",
  xhtml: "html",
};

/** Plain-text documents: prose, data and the source-code and configuration files of SPEC §3. */
const TEXT_EXTENSIONS = new Set(
  (
    "txt md markdown mdx json jsonl ndjson yaml yml toml ini cfg conf env xml log tex rst adoc " +
    "js mjs cjs jsx ts tsx py rb go rs java kt kts scala c h cc cpp hpp cs swift m mm php pl lua r " +
    "sql sh bash zsh fish ps1 bat cmd dockerfile makefile gradle properties vue svelte css scss less " +
    "dart ex exs erl hs clj elm ml fs vb groovy tf hcl proto graphql gql diff patch"
  ).split(" "),
);

/** The extension of a file name, lower-cased, or "" (a bare `Dockerfile` counts as its own extension). */
export function extensionOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  return (dot > 0 ? base.slice(dot + 1) : base).toLowerCase();
}

/** The extractor for a file name, or null when it is not a document we read. */
export function documentFormat(name: string): DocumentFormat | null {
  const extension = extensionOf(name);
  return BY_EXTENSION[extension] ?? (TEXT_EXTENSIONS.has(extension) ? "text" : null);
}

/** The embedding table's vector size (SPEC §3), OpenAI text-embedding-3-small's native size. */
export const EMBEDDING_DIMENSIONS = 1536;

export const DOCUMENT_LIMITS = {
  /** Past this many characters of text a document is "too complex and too large" (SPEC §8). */
  maxTextChars: 5_000_000,
  /** Past this many PDF pages or slides, likewise. */
  maxPages: 2_000,
  /** A chunk aims at this many characters (about 300 tokens) … */
  chunkChars: 1_200,
  /** … and repeats this many of the previous one, so a passage cut in two is still found whole. */
  overlapChars: 200,
  /** Documents whose text is this short go to the model whole instead of as passages. */
  wholeDocumentChars: 8_000,
  /** Passages passed to the model per question. */
  topPassages: 8,
  /** Inputs per embeddings request. */
  embeddingBatch: 64,
} as const;

/** Why a document could not be read, each with its SPEC §8 message on the client. */
export type DocumentProblem =
  /** Scanned (no text), password-protected or corrupt: "could not be processed". */
  | "document_unprocessable"
  /** Beyond the pipeline's size or page limits: "too complex and too large". */
  | "document_too_complex"
  /** Anything else that went wrong in the pipeline: "error in the document pipeline". */
  | "document_pipeline_error";
