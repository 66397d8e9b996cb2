// The parts of a model message around its text: thinking, web-search status and sources, images, and the
// SPEC §8 notice of a stopped or failed answer.

import { useEffect, useId, useState } from "react";
import { isRetryable, type NoticeKey } from "../../src/domain/chat/message-notices";
import type { GridChoice } from "../../src/domain/chat/midjourney";
import { noticeSentence } from "../../src/domain/chat/notice-sentence";
import {
  type ModelMessageMetadata,
  type StreamSource,
  shownImages,
} from "../../src/domain/chat/stream-events";
import { sourceHost, sourceHref, uniqueSources } from "../../src/domain/chat/web-sources";
import { knownSize } from "../../src/domain/image-size";
import { Icon } from "../components/icon";
import { useT } from "../i18n";
import { GridChoices } from "./grid-choices";
import { ImageDownload } from "./image-download";
import { Markdown } from "./markdown/lazy-markdown";
import type { RenderLabels } from "./markdown/render-block";
import { modelLabel } from "./model-badge";

/**
 * Open while the model thinks, so the reasoning is read as it comes; folded once the answer starts. Written as
 * the answer is, in markdown: OpenAI's summaries open each part with a bold heading, others write lists and maths.
 */
export function ThinkingBlock({
  reasoning,
  active,
  labels,
}: {
  reasoning: string;
  active: boolean;
  labels: RenderLabels;
}) {
  const t = useT("chat");
  const [open, setOpen] = useState(active);
  useEffect(() => {
    if (!active) setOpen(false);
  }, [active]);
  return (
    <details
      className="thinking-block"
      data-active={active || undefined}
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>{active ? t("message.thinking") : t("message.thought")}</summary>
      <div className="thinking-text">
        <Markdown text={reasoning} labels={labels} />
      </div>
    </details>
  );
}

export function SearchStatus({
  searching,
  sources,
}: {
  searching: boolean;
  sources: readonly StreamSource[];
}) {
  const t = useT("chat");
  const labelId = useId();
  if (searching) {
    return (
      <div className="search-status" role="status">
        <span className="pulse" aria-hidden="true" />
        {t("message.searching")}
      </div>
    );
  }
  const unique = uniqueSources(sources);
  if (unique.length === 0) return null;
  return (
    <div className="search-status">
      <span id={labelId} className="search-sources-label">
        <Icon name="search" size={14} /> {t("message.sources")}
      </span>
      {/* A list named by its label, each source read with commas between its number, title and site ("1, Its
          title, example.com"), which only the chip's shape keeps apart on screen. */}
      {/* biome-ignore lint/a11y/noRedundantRoles: WebKit drops the list role of a list shown without bullets. */}
      <ol className="search-sources" role="list" aria-labelledby={labelId}>
        {unique.map((source, index) => (
          <li key={source.url}>
            <a
              href={sourceHref(source.url)}
              target="_blank"
              rel="noopener noreferrer"
              title={source.title ?? source.url}
            >
              <span className="source-index">
                {index + 1}
                <span className="visually-hidden">, </span>
              </span>
              <span className="source-title">{source.title || sourceHost(source.url)}</span>
              <span className="source-host">
                <span className="visually-hidden">, </span>
                {sourceHost(source.url)}
              </span>
            </a>
          </li>
        ))}
      </ol>
    </div>
  );
}

/**
 * Images come from our own API only: anything else is not shown. A Midjourney grid offers its upscales
 * (U1–U4) and variations (V1–V4) below it, as Midjourney does, when the chat can start an answer (`onPress`).
 */
export function GeneratedImages({
  images,
  model,
  about,
  onPress,
}: {
  images: ModelMessageMetadata["images"];
  model: string | null;
  /** What the pictures show (their prompt, `pictureAbout`): their alt text, else who made them. */
  about?: string;
  onPress?: (choice: GridChoice) => void;
}) {
  const t = useT("chat");
  const own = shownImages(images);
  if (own.length === 0) return null;
  return (
    <div className="generated-images">
      {own.map((image) => {
        const labels = (image.choices ?? []).map((c) => c.label);
        return (
          <figure key={image.url}>
            <a href={image.url} target="_blank" rel="noopener noreferrer">
              {/* Its size, where known: the box is kept before the picture loads, so nothing below it moves. */}
              <img
                src={image.url}
                alt={about || t("message.image", { model: modelLabel(model) })}
                {...knownSize(image)}
                loading="lazy"
              />
            </a>
            <ImageDownload url={image.url} />
            {onPress && <GridChoices labels={labels} onPress={onPress} />}
          </figure>
        );
      })}
    </div>
  );
}

export function MessageNotice({
  notice,
  detail,
  provider,
  onRetry,
  retrying,
  alert = true,
}: {
  notice: NoticeKey;
  /** More the failure knows than its notice says: what ran out and for how long. */
  detail?: string;
  provider?: string;
  onRetry?: () => void;
  retrying?: boolean;
  /** Said as it appears (a failed send); an answer's notice is said by the chat's announcer instead. */
  alert?: boolean;
}) {
  const t = useT("chat");
  const { key, values } = noticeSentence(notice, provider);
  const stopped = notice === "stopped";
  return (
    <div
      className={`message-notice${stopped ? " stopped" : ""}`}
      role={stopped || !alert ? undefined : "alert"}
      data-notice={notice}
    >
      {!stopped && <Icon name="alert" size={16} />}
      <span>
        {t(key, values)}
        {detail ? ` ${detail}` : null}
      </span>
      {onRetry && isRetryable(notice) && (
        // aria-disabled while it asks: a disabled button would drop the focus to the page. Once the new answer
        // starts, this one goes and the focus goes on to the message field (message-list.tsx).
        <button
          type="button"
          className="button small secondary message-retry"
          onClick={() => retrying || onRetry()}
          aria-disabled={retrying}
        >
          <Icon name="refresh" size={14} /> {t("message.retry")}
        </button>
      )}
    </div>
  );
}
