// An assistant's files (SPEC §3, §5): the documents it reads for every chat of it. A saved assistant's files
// upload and go at once (the page says so, and a stored one goes only after a confirmation); a new
// assistant's wait in the list until it is created (the upload needs its id). Picked or dropped.
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import {
  type AttachmentWire,
  fileColour,
  formatFileSize,
  isLargeDocument,
  sameLocalFile,
  uploadAccept,
} from "../../../src/domain/files";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { Icon } from "../../components/icon";
import { assistantKeys } from "../../hooks/use-assistants";
import { deleteAttachment, refusalOf, uploadAttachment } from "../../hooks/use-attachments";
import { useT } from "../../i18n";
import { useUploadError } from "../../lib/use-api-error";
import { useFileDrop } from "../../lib/use-file-drop";
import { useFocusAfterRemoval } from "../../lib/use-focus-after-removal";

interface Upload {
  file: File;
  progress: number;
  error: string | null;
}

function FileRow({
  name,
  size,
  type,
  progress,
  error,
  removing = false,
  onRemove,
}: {
  name: string;
  size: number;
  type: string;
  progress?: number;
  error?: string | null;
  /** A stored file whose confirmed removal is out: its × does nothing until the row goes or the delete fails. */
  removing?: boolean;
  /** Given the button pressed, which a confirmation gives the focus back to. */
  onRemove: (button: HTMLElement) => void;
}) {
  const t = useT("account");
  const colour = fileColour({ name, type });
  return (
    <li
      className="assistant-file"
      data-testid="assistant-file"
      data-error={error ? true : undefined}
      data-removing={removing || undefined}
      aria-busy={removing || undefined}
    >
      <span className="file-dot" data-colour={colour ?? "media"} aria-hidden="true" />
      {/* One line, cut with an ellipsis: the whole name is its text (read out) and its title (on hover). */}
      <span className="assistant-file-name" title={name}>
        {name}
      </span>
      <span className="hint assistant-file-size">{formatFileSize(size)}</span>
      {isLargeDocument({ name, type, size }) ? (
        <span className="badge">{t("assistants.files.large")}</span>
      ) : null}
      {progress !== undefined && !error ? (
        <progress max={1} value={progress} aria-label={t("assistants.files.uploading", { name })} />
      ) : null}
      {removing ? (
        <span className="hint assistant-file-status" role="status">
          {t("assistants.files.removing")}
        </span>
      ) : null}
      {/* Said as it appears: the upload was refused by the server after the file was chosen. */}
      {error ? (
        <span className="assistant-file-error" role="alert">
          {error}
        </span>
      ) : null}
      <button
        type="button"
        className="icon-button assistant-file-remove"
        aria-label={t("assistants.files.remove", { name })}
        // aria-disabled, not disabled: it holds the focus from the confirmation until its row goes.
        aria-disabled={removing || undefined}
        onClick={(event) => {
          if (!removing) onRemove(event.currentTarget);
        }}
      >
        <Icon name="close" size={16} />
      </button>
    </li>
  );
}

/** Uploads files to an assistant one after the other; resolves with the names that failed. */
export async function uploadAssistantFiles(
  assistantId: number,
  files: readonly File[],
  onProgress?: (file: File, fraction: number) => void,
): Promise<{ file: File; error: unknown }[]> {
  const failed: { file: File; error: unknown }[] = [];
  for (const file of files) {
    try {
      await uploadAttachment(file, { assistantId, onProgress: (f) => onProgress?.(file, f) });
    } catch (error) {
      failed.push({ file, error });
    }
  }
  return failed;
}

export function AssistantFiles({
  assistantId,
  stored,
  pending,
  onPendingChange,
}: {
  /** Null while the assistant is not created yet: files wait in `pending`. */
  assistantId: number | null;
  stored: readonly AttachmentWire[];
  pending: readonly File[];
  onPendingChange: (files: File[]) => void;
}) {
  const t = useT("account");
  const uploadError = useUploadError();
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const field = useRef<HTMLFieldSetElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  // A file removed from the keyboard: the next file's remove button, else the previous one's, else "Add files".
  useFocusAfterRemoval(field, ".assistant-file-remove", () => addButton.current);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [removeError, setRemoveError] = useState<string | null>(null);
  /** Stored files whose confirmed removal is out: pressing their × again would ask and delete a second time. */
  const [removing, setRemoving] = useState<ReadonlySet<string>>(() => new Set());
  /** The stored file whose removal is being asked about, and the button that asked (it gets the focus back). */
  const [asking, setAsking] = useState<{ file: AttachmentWire; opener: HTMLElement | null } | null>(null);
  const confirmDialog = useRef<HTMLDialogElement>(null);
  const refresh = () => client.invalidateQueries({ queryKey: assistantKeys.all });

  const add = async (chosen: File[]) => {
    // SPEC §5: the same file (name, size, type, date) is not added twice.
    const known = [...pending, ...uploads.map((u) => u.file)];
    const fresh = chosen.filter(
      (file, i) =>
        !known.some((k) => sameLocalFile(k, file)) &&
        chosen.findIndex((other) => sameLocalFile(other, file)) === i &&
        !stored.some((s) => s.name === file.name && s.size === file.size),
    );
    if (fresh.length === 0) return;
    // Checked now, as an upload would be: a file the server would refuse (a picture: an assistant reads
    // documents only) is shown refused with its reason, never sent nor kept to be sent on creation.
    const refusals = await Promise.all(fresh.map((file) => refusalOf(file, "assistant")));
    const refused = fresh.flatMap((file, i) => {
      const error = refusals[i];
      return error ? [{ file, progress: 0, error: uploadError(error, file.name) }] : [];
    });
    const accepted = fresh.filter((_, i) => !refusals[i]);
    if (assistantId === null) {
      onPendingChange([...pending, ...accepted]);
      setUploads((list) => [...list, ...refused]);
      return;
    }
    setUploads((list) => [
      ...list,
      ...refused,
      ...accepted.map((file) => ({ file, progress: 0, error: null })),
    ]);
    if (accepted.length === 0) return;
    const update = (file: File, patch: Partial<Upload>) =>
      setUploads((list) => list.map((u) => (u.file === file ? { ...u, ...patch } : u)));
    const failed = await uploadAssistantFiles(assistantId, accepted, (file, progress) =>
      update(file, { progress }),
    );
    for (const { file, error } of failed) update(file, { error: uploadError(error, file.name) });
    await refresh();
    // Uploaded files now show among the stored ones; failed ones stay, with their reason, until removed.
    setUploads((list) =>
      list.filter((u) => !accepted.includes(u.file) || failed.some((f) => f.file === u.file)),
    );
  };

  // A file dragged over the editor: the Files section is where it goes, and says so. A drop anywhere else on
  // the page is taken from the browser (which would open the file in this tab, losing the unsaved form).
  const dragging = useFileDrop(
    (files) => void add(files),
    (event) => event.target instanceof Node && !!field.current?.contains(event.target),
  );

  const askRemoval = (file: AttachmentWire, opener: HTMLElement) => {
    if (removing.has(file.id)) return;
    setAsking({ file, opener });
    confirmDialog.current?.showModal();
  };

  const confirmRemoval = () => {
    confirmDialog.current?.close();
    if (!asking) return;
    // The remove button holds the focus until its row goes; then the list hands it on (useFocusAfterRemoval).
    if (asking.opener?.isConnected) asking.opener.focus();
    void removeStored(asking.file);
  };

  const removeStored = async (file: AttachmentWire) => {
    if (removing.has(file.id)) return;
    setRemoveError(null);
    setRemoving((ids) => new Set(ids).add(file.id));
    try {
      await deleteAttachment(file.id);
    } catch {
      setRemoveError(t("assistants.files.removeFailed", { name: file.name }));
    }
    try {
      await refresh();
    } finally {
      // Once the list is read again: gone, the row goes with its mark; refused, its × works again.
      setRemoving((ids) => {
        const left = new Set(ids);
        left.delete(file.id);
        return left;
      });
    }
  };

  const empty = stored.length === 0 && pending.length === 0 && uploads.length === 0;
  return (
    <fieldset ref={field} className="assistant-files-field" data-dragging={dragging || undefined}>
      <legend>{t("assistants.files.title")}</legend>
      <p className="hint">
        {t("assistants.files.hint")}{" "}
        {assistantId === null ? t("assistants.files.pendingHint") : t("assistants.files.savedHint")}
      </p>
      {dragging ? <p className="assistant-files-drop">{t("assistants.files.drop")}</p> : null}
      {empty ? <p className="hint">{t("assistants.files.empty")}</p> : null}
      <ul className="assistant-files">
        {stored.map((file) => (
          <FileRow
            key={file.id}
            {...file}
            removing={removing.has(file.id)}
            onRemove={(opener) => askRemoval(file, opener)}
          />
        ))}
        {uploads.map((u) => (
          <FileRow
            key={`${u.file.name}-${u.file.lastModified}-${u.file.size}`}
            name={u.file.name}
            size={u.file.size}
            type={u.file.type}
            progress={u.progress}
            error={u.error}
            onRemove={() => setUploads((list) => list.filter((other) => other !== u))}
          />
        ))}
        {pending.map((file) => (
          <FileRow
            key={`${file.name}-${file.lastModified}-${file.size}`}
            name={file.name}
            size={file.size}
            type={file.type}
            onRemove={() => onPendingChange(pending.filter((other) => other !== file))}
          />
        ))}
      </ul>
      {removeError ? (
        <p className="assistant-file-error" role="alert">
          {removeError}
        </p>
      ) : null}
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={uploadAccept("assistant")}
        data-testid="assistant-file-input"
        onChange={(event) => {
          const chosen = [...(event.target.files ?? [])];
          event.target.value = "";
          void add(chosen);
        }}
      />
      <button
        ref={addButton}
        type="button"
        className="button secondary small"
        onClick={() => input.current?.click()}
      >
        <Icon name="plus" size={16} /> {t("assistants.files.add")}
      </button>
      <ConfirmDialog
        ref={confirmDialog}
        id="remove-assistant-file"
        title={t("assistants.files.removeTitle", { name: asking?.file.name ?? "" })}
        text={t("assistants.files.removeText")}
        cancel={t("assistants.files.removeCancel")}
        confirm={t("assistants.files.removeConfirm")}
        onConfirm={confirmRemoval}
      />
    </fieldset>
  );
}
