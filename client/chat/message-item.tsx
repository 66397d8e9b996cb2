// One message: the user's as plain text, the model's with icon, label, thinking, search, markdown, images
// and its SPEC §8 notice; both with their time and a copy button.
import { memo, useState } from "react";
import { messageNotice } from "../../src/domain/chat/message-notices";
import type { MessageWire } from "../../src/domain/chat/wire";
import { Icon } from "../components/icon";
import { useLocale, useT } from "../i18n";
import { useSearchFlags } from "../state/generation";
import { useStreamLost } from "../state/stream-lost";
import { messageTime } from "./format";
import { MarkdownView } from "./markdown/markdown-view";
import { GeneratedImages, MessageNotice, SearchStatus, ThinkingBlock } from "./message-parts";
import { DemoTag, ModelIcon, modelLabel } from "./model-badge";

/** A message on screen: as the API sends it (a negative id until the server confirms it), and its live state. */
export interface ViewMessage extends Omit<MessageWire, "chatId"> {
  /** Reasoning streamed so far, for an answer being written. */
  reasoning?: string;
  /** Being streamed now. */
  live?: boolean;
}

function CopyButton({ text }: { text: string }) {
  const t = useT("chat");
  const [copied, setCopied] = useState(false);
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => {
        setCopied(true);
        setTimeout(() => setCopied(false), 1500);
      },
      (error: unknown) => console.error("Copy failed", error),
    );
  return (
    <button
      type="button"
      className="message-action"
      onClick={copy}
      aria-label={copied ? t("message.copied") : t("message.copy")}
    >
      <Icon name={copied ? "check" : "copy"} size={16} />
      <span className="message-action-label">{copied ? t("message.copied") : t("message.copy")}</span>
    </button>
  );
}

function UserMessage({ message }: { message: ViewMessage }) {
  const t = useT("chat");
  const locale = useLocale();
  return (
    <article className="message user" aria-label={t("message.you")} data-message-id={message.id}>
      <div className="user-bubble">{message.content}</div>
      <footer className="message-footer">
        <time dateTime={message.createdAt}>{messageTime(message.createdAt, locale)}</time>
        <CopyButton text={message.content} />
      </footer>
    </article>
  );
}

function ModelMessage({
  message,
  onRetry,
  retrying,
}: {
  message: ViewMessage;
  onRetry?: (message: ViewMessage) => void;
  retrying?: boolean;
}) {
  const t = useT("chat");
  const locale = useLocale();
  const metadata = message.metadata;
  const flags = useSearchFlags(message.id);
  const lost = useStreamLost(message.id);
  const reasoning = message.reasoning || metadata.reasoning || "";
  const live = Boolean(message.live);
  const notice = live ? null : messageNotice({ metadata }, lost);
  const searching = flags?.inProgress ?? (live && metadata.search?.status === "in_progress");
  const empty = !message.content && !reasoning && !metadata.images?.length;
  const labels = { copyCode: t("message.copyCode"), code: t("message.code") };
  return (
    <article
      className="message model"
      aria-label={modelLabel(message.model)}
      aria-busy={live || undefined}
      data-message-id={message.id}
      data-outcome={metadata.outcome}
    >
      <header className="message-header">
        <ModelIcon modelKey={message.model} />
        <span className="model-name">{modelLabel(message.model)}</span>
        <DemoTag modelKey={message.model} />
        <time dateTime={message.createdAt}>{messageTime(message.createdAt, locale)}</time>
      </header>
      {reasoning && <ThinkingBlock reasoning={reasoning} active={live && !message.content} />}
      {(searching || metadata.search) && (
        <SearchStatus searching={Boolean(searching)} sources={metadata.search?.sources ?? []} />
      )}
      {message.content && <MarkdownView text={message.content} labels={labels} />}
      {live && empty && !searching && (
        <div className="writing" role="status">
          <span className="dots" aria-hidden="true">
            <i />
            <i />
            <i />
          </span>
          <span className="visually-hidden">{t("message.writing")}</span>
        </div>
      )}
      <GeneratedImages images={metadata.images} model={message.model} />
      {notice && (
        <MessageNotice
          notice={notice}
          provider={metadata.error?.provider}
          onRetry={onRetry ? () => onRetry(message) : undefined}
          retrying={retrying}
        />
      )}
      {!live && message.content && (
        <footer className="message-footer">
          <CopyButton text={message.content} />
        </footer>
      )}
    </article>
  );
}

export const MessageItem = memo(function MessageItem({
  message,
  onRetry,
  retrying,
}: {
  message: ViewMessage;
  onRetry?: (message: ViewMessage) => void;
  retrying?: boolean;
}) {
  return message.role === "user" ? (
    <UserMessage message={message} />
  ) : (
    <ModelMessage message={message} onRetry={onRetry} retrying={retrying} />
  );
});
