// One message: the user's as plain text, the model's with icon, label, thinking, search, markdown, images
// and its SPEC §8 notice; both with their time and a copy button; the last question can be edited, the
// last answer generated again, and a Midjourney grid upscaled or varied.
import { memo, useEffect, useRef, useState } from "react";
import { pictureAbout } from "../../src/domain/chat/answer-announcements";
import { showsAnswerFooter } from "../../src/domain/chat/answer-footer";
import { keepsRegenerate, messageNotice } from "../../src/domain/chat/message-notices";
import type { GridChoice } from "../../src/domain/chat/midjourney";
import type { MessageWire } from "../../src/domain/chat/wire";
import type { AttachmentWire } from "../../src/domain/files";
import { fileKind } from "../../src/domain/models";
import { Icon } from "../components/icon";
import { backfillAttachmentSize } from "../hooks/use-attachments";
import { useLocale, useT } from "../i18n";
import { useSearchFlags } from "../state/generation";
import { useStreamLost } from "../state/stream-lost";
import { DocumentsStatus } from "./documents-status";
import { FileChip } from "./file-chip";
import { messageTime } from "./format";
import { Markdown } from "./markdown/lazy-markdown";
import { EditButton, MessageEditor } from "./message-edit";
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
    <>
      <button
        type="button"
        className="message-action"
        onClick={copy}
        aria-label={copied ? t("message.copied") : t("message.copy")}
      >
        <Icon name={copied ? "check" : "copy"} size={16} />
        <span className="message-action-label">{copied ? t("message.copied") : t("message.copy")}</span>
      </button>
      {/* Said, not only shown: a screen reader does not read a focused button's new name by itself. */}
      <span className="visually-hidden" role="status">
        {copied ? t("message.copied") : ""}
      </span>
    </>
  );
}

/** SPEC §4: an attachment recorded with size 0 is measured by the server once shown. */
function useSizes(files: readonly AttachmentWire[]): Record<string, number> {
  const [sizes, setSizes] = useState<Record<string, number>>({});
  useEffect(() => {
    for (const file of files) {
      if (file.size !== 0 || !file.location) continue;
      void backfillAttachmentSize({ id: file.id, location: file.location, type: file.type }).then((size) => {
        if (size !== null) setSizes((known) => ({ ...known, [file.id]: size }));
      });
    }
  }, [files]);
  return sizes;
}

/** The files sent with a message: raster pictures as thumbnails, everything else as chips (downloads). */
function MessageFiles({ files }: { files: readonly AttachmentWire[] }) {
  const t = useT("chat");
  const sizes = useSizes(files);
  return (
    <ul className="message-files" aria-label={t("files.attached")}>
      {files.map((file) =>
        fileKind(file) === "image" && file.type !== "image/svg+xml" ? (
          <li key={file.id} className="file-chip-image">
            <a href={file.url} download={file.name} title={file.name}>
              <img className="message-image" src={file.url} alt={file.name} loading="lazy" />
            </a>
          </li>
        ) : (
          <FileChip
            key={file.id}
            name={file.name}
            type={file.type}
            size={sizes[file.id] ?? file.size}
            href={file.url}
          />
        ),
      )}
    </ul>
  );
}

function UserMessage({
  message,
  onEdit,
  editRequested = false,
  onEditorOpened,
}: {
  message: ViewMessage;
  onEdit?: (message: ViewMessage, content: string, keptFileIds: string[]) => Promise<boolean>;
  /** The editor was asked for from elsewhere (the composer's documents-total problem). */
  editRequested?: boolean;
  onEditorOpened?: () => void;
}) {
  const t = useT("chat");
  const locale = useLocale();
  const [editing, setEditing] = useState(false);
  // An edit given up (Cancel, Escape) gives the focus back to the Edit button that opened it.
  const editButton = useRef<HTMLButtonElement>(null);
  const [backToEdit, setBackToEdit] = useState(false);
  useEffect(() => {
    if (!backToEdit || editing) return;
    editButton.current?.focus();
    setBackToEdit(false);
  }, [backToEdit, editing]);
  useEffect(() => {
    if (!editRequested || !onEdit) return;
    setEditing(true);
    onEditorOpened?.();
  }, [editRequested, onEdit, onEditorOpened]);
  if (editing && onEdit) {
    return (
      <article className="message user editing" aria-label={t("message.you")} data-message-id={message.id}>
        <MessageEditor
          initial={message.content}
          files={message.attachments}
          onSave={(content, kept) => onEdit(message, content, kept)}
          onClose={(cancelled) => {
            setEditing(false);
            setBackToEdit(cancelled);
          }}
        />
      </article>
    );
  }
  return (
    <article className="message user" aria-label={t("message.you")} data-message-id={message.id}>
      {message.attachments && message.attachments.length > 0 && <MessageFiles files={message.attachments} />}
      {message.content && <div className="user-bubble">{message.content}</div>}
      <footer className="message-footer">
        <time dateTime={message.createdAt}>{messageTime(message.createdAt, locale)}</time>
        {/* A picture-only question has no words to copy. */}
        {message.content ? <CopyButton text={message.content} /> : null}
        {onEdit && message.id > 0 ? <EditButton ref={editButton} onClick={() => setEditing(true)} /> : null}
      </footer>
    </article>
  );
}

function BranchButton({ onBranch }: { onBranch(): void }) {
  const t = useT("chat");
  return (
    <button type="button" className="message-action" onClick={onBranch} aria-label={t("share.branch")}>
      <Icon name="branch" size={16} />
      <span className="message-action-label">{t("share.branch")}</span>
    </button>
  );
}

function ModelMessage({
  message,
  question,
  onRetry,
  retrying,
  onBranch,
  retryModel,
  onPressChoice,
}: {
  message: ViewMessage;
  question?: string;
  onRetry?: (message: ViewMessage) => void;
  retrying?: boolean;
  onBranch?: (message: ViewMessage) => void;
  retryModel?: string | null;
  onPressChoice?: (message: ViewMessage, choice: GridChoice) => void;
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
  const reading = live && metadata.documents?.status === "reading";
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
      {reasoning && <ThinkingBlock reasoning={reasoning} active={live && !message.content} labels={labels} />}
      {metadata.documents && <DocumentsStatus documents={metadata.documents} live={live} />}
      {(searching || metadata.search) && (
        <SearchStatus searching={Boolean(searching)} sources={metadata.search?.sources ?? []} />
      )}
      {message.content && (
        <Markdown text={message.content} labels={labels} messageId={live ? undefined : message.id} />
      )}
      {/* Not a status: it came with its words already in, and went as the text began, unheard. The chat's
          announcer (answer-announcer.tsx) says an answer asked here started, and how it ended. */}
      {live && empty && !searching && !reading && (
        <div className="writing">
          <span className="dots" aria-hidden="true">
            <i />
            <i />
            <i />
          </span>
          <span className="visually-hidden">{t("message.writing")}</span>
        </div>
      )}
      <GeneratedImages
        images={metadata.images}
        model={message.model}
        about={pictureAbout(question)}
        onPress={
          onPressChoice && !live && message.id > 0 ? (choice) => onPressChoice(message, choice) : undefined
        }
      />
      {notice && (
        <MessageNotice
          notice={notice}
          // Said by the announcer, and for an answer asked here only: as an alert, a failed answer was said again
          // whenever its row came back into the list (scrolled to, the chat opened).
          alert={false}
          provider={metadata.error?.provider}
          onRetry={onRetry ? () => onRetry(message) : undefined}
          retrying={retrying}
        />
      )}
      {/* onRetry: the chat's last answer, while the chat can start one (message-list.tsx, open-chat.tsx). */}
      {showsAnswerFooter({ live, text: Boolean(message.content), last: Boolean(onRetry), notice }) && (
        <footer className="message-footer">
          {message.content ? <CopyButton text={message.content} /> : null}
          {onRetry && keepsRegenerate(notice) && message.id > 0 ? (
            // With the model picked in the composer: choosing another one there regenerates with it.
            <button
              type="button"
              // aria-disabled while it asks, as the notice's Retry (message-parts.tsx).
              className="message-action message-retry"
              aria-disabled={retrying}
              onClick={() => retrying || onRetry(message)}
            >
              <Icon name="refresh" size={16} />
              <span className="message-action-label">
                {t("message.regenerate", { model: modelLabel(retryModel ?? message.model) })}
              </span>
            </button>
          ) : null}
          {onBranch && message.id > 0 && <BranchButton onBranch={() => onBranch(message)} />}
        </footer>
      )}
    </article>
  );
}

export const MessageItem = memo(function MessageItem({
  message,
  question,
  onRetry,
  retrying,
  onBranch,
  retryModel,
  onEdit,
  editRequested,
  onEditorOpened,
  onPressChoice,
}: {
  message: ViewMessage;
  /** The question before an answer, as its user typed it. */
  question?: string;
  onRetry?: (message: ViewMessage) => void;
  retrying?: boolean;
  /** "Branch from here": a new chat with the messages up to this one. */
  onBranch?: (message: ViewMessage) => void;
  retryModel?: string | null;
  /** A Midjourney grid's button (U1–U4, V1–V4) pressed: a new exchange in the chat. */
  onPressChoice?: (message: ViewMessage, choice: GridChoice) => void;
  onEdit?: (message: ViewMessage, content: string, keptFileIds: string[]) => Promise<boolean>;
  editRequested?: boolean;
  onEditorOpened?: () => void;
}) {
  return message.role === "user" ? (
    <UserMessage
      message={message}
      onEdit={onEdit}
      editRequested={editRequested}
      onEditorOpened={onEditorOpened}
    />
  ) : (
    <ModelMessage
      message={message}
      question={question}
      onRetry={onRetry}
      retrying={retrying}
      retryModel={retryModel}
      onBranch={onBranch}
      onPressChoice={onPressChoice}
    />
  );
});
