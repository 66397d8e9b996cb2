// An answer's sources in an open chat's first frame (src/sharing/chat-shell.ts): the documents it drew on and the
// web pages it found, in the app's blocks (client/chat/documents-status.tsx, message-parts.tsx' SearchStatus),
// so that nothing moves when the app's own take their place. Plain markup: the frame runs no script.
import { escapeHtml } from "../domain/chat/markdown-rules";
import type { SourceTexts } from "../domain/chat/shell-labels";
import type { DocumentSource, StreamSource } from "../domain/chat/stream-events";
import { sourceHost, sourceHref, uniqueSources } from "../domain/chat/web-sources";
import type { MessageMetadata } from "../domain/chat/wire";
import { iconSvg } from "../domain/icon-paths";

/** The app's "file-text" and "search" icons, at the label's 14 px. */
const DOCUMENTS_ICON = iconSvg("file-text", 14);
const WEB_ICON = iconSvg("search", 14);
/** Read between a source's parts ("report.pdf, p. 1"), as the app's chips say them. */
const COMMA = '<span class="visually-hidden">, </span>';

/** A block: its label (naming its list, as the app's), then its chips. */
function block(kind: "documents" | "web", id: string, heading: string, chips: readonly string[]): string {
  const classes = kind === "documents" ? "search-status documents-status" : "search-status";
  const label = `<span id="${id}" class="search-sources-label">${kind === "documents" ? DOCUMENTS_ICON : WEB_ICON} ${escapeHtml(heading)}</span>`;
  const items = chips.map((chip) => `<li>${chip}</li>`).join("");
  return `<div class="${classes}">${label}<ol class="search-sources" role="list" aria-labelledby="${id}">${items}</ol></div>`;
}

/** Each document a chip: its name, and the pages its passages came from in the reader's words. */
function documentChip(source: DocumentSource, pagesText: string): string {
  const name = escapeHtml(source.name);
  const pages =
    source.pages.length > 0
      ? `<span class="source-host">${COMMA}${escapeHtml(pagesText.replaceAll("{{pages}}", source.pages.join(", ")))}</span>`
      : "";
  return `<span class="source-chip" title="${name}"><span class="source-title">${name}</span>${pages}</span>`;
}

/** Each page a link (only to the web, as the app's), its number, title (else its site) and site. */
function webChip(source: StreamSource, index: number): string {
  const host = escapeHtml(sourceHost(source.url));
  const link = sourceHref(source.url);
  const href = link ? ` href="${escapeHtml(link)}"` : "";
  return (
    `<a${href} target="_blank" rel="noopener noreferrer" title="${escapeHtml(source.title ?? source.url)}">` +
    `<span class="source-index">${index + 1}${COMMA}</span>` +
    `<span class="source-title">${source.title ? escapeHtml(source.title) : host}</span>` +
    `<span class="source-host">${COMMA}${host}</span></a>`
  );
}

/**
 * The blocks the app shows above a finished answer's text: its documents' sources, then the web's (each page
 * once), each only with something in it. `id` tells this answer's labels apart from the others'.
 */
export function shellSources(meta: MessageMetadata, texts: SourceTexts, id: number): string {
  const documents = meta.documents?.sources ?? [];
  const pages = meta.search?.sources ?? [];
  const web = uniqueSources(pages);
  return (
    (documents.length > 0
      ? block(
          "documents",
          `frame-documents-${id}`,
          texts.documents,
          documents.map((s) => documentChip(s, texts.pages)),
        )
      : "") + (web.length > 0 ? block("web", `frame-sources-${id}`, texts.web, web.map(webChip)) : "")
  );
}
