// What a model message drew from the user's documents: reading progress while it waits, then the sources.
import { useId } from "react";
import type { DocumentsProgress } from "../../src/domain/chat/stream-events";
import { Icon } from "../components/icon";
import { useT } from "../i18n";

export function DocumentsStatus({ documents, live }: { documents: DocumentsProgress; live: boolean }) {
  const t = useT("chat");
  const labelId = useId();
  if (documents.status === "reading" && live) {
    const percent = documents.total > 0 ? Math.floor((documents.done / documents.total) * 100) : 0;
    return (
      <div className="search-status documents-status" role="status">
        <span className="pulse" aria-hidden="true" />
        {t("message.readingDocuments", { percent })}
        <progress max={100} value={percent} aria-hidden="true" />
      </div>
    );
  }
  const sources = documents.sources ?? [];
  if (sources.length === 0) return null;
  return (
    <div className="search-status documents-status">
      <span id={labelId} className="search-sources-label">
        <Icon name="file-text" size={14} /> {t("message.documentSources")}
      </span>
      {/* Named by its label, as the web's sources are (message-parts.tsx). */}
      {/* biome-ignore lint/a11y/noRedundantRoles: WebKit drops the list role of a list shown without bullets. */}
      <ol className="search-sources" role="list" aria-labelledby={labelId}>
        {sources.map((source) => {
          const pages =
            source.pages.length > 0 ? t("message.documentPages", { pages: source.pages.join(", ") }) : "";
          return (
            <li key={source.attachmentId}>
              {/* A chip like a web source's; its name and pages apart on screen and, by the hidden comma,
                  when read ("report.pdf, p. 1"). */}
              <span className="source-chip" title={source.name}>
                <span className="source-title">{source.name}</span>
                {pages && (
                  <span className="source-host">
                    <span className="visually-hidden">, </span>
                    {pages}
                  </span>
                )}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
