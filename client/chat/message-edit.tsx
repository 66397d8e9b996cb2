// Editing the last message the user sent: the new text and which of its files stay, then a confirmation that
// says the answer after it is replaced (the server asks the question again as a fresh exchange).
import { type FormEvent, type Ref, useId, useLayoutEffect, useRef, useState } from "react";
import { enterSends } from "../../src/domain/chat/enter-key";
import type { AttachmentWire } from "../../src/domain/files";
import { fileKind } from "../../src/domain/models";
import { Icon } from "../components/icon";
import { useT } from "../i18n";
import { touchScreen, useTouchScreen } from "../lib/touch-screen";
import { FileChip } from "./file-chip";

export function EditButton({ onClick, ref }: { onClick: () => void; ref?: Ref<HTMLButtonElement> }) {
  const t = useT("chat");
  return (
    <button
      ref={ref}
      type="button"
      className="message-action"
      onClick={onClick}
      aria-label={t("message.edit")}
    >
      <Icon name="edit" size={16} />
      <span className="message-action-label">{t("message.edit")}</span>
    </button>
  );
}

export function MessageEditor({
  initial,
  files = [],
  onSave,
  onClose,
}: {
  initial: string;
  /** The message's files: each can be removed (how a conversation's documents get under their total). */
  files?: readonly AttachmentWire[];
  /** Resolves true once the new exchange started (the editor then closes). */
  onSave: (content: string, keptFileIds: string[]) => Promise<boolean>;
  /** `cancelled`: closed without a new exchange (Cancel, Escape), the question as it was. */
  onClose: (cancelled: boolean) => void;
}) {
  const t = useT("chat");
  const id = useId();
  const touch = useTouchScreen();
  const [draft, setDraft] = useState(initial);
  const [kept, setKept] = useState(() => files.map((f) => f.id));
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  const save = useRef<HTMLButtonElement>(null);
  // The confirmation closed (Cancel, or the new exchange refused) takes its focused buttons with it: Save,
  // which opened it, has the focus back. In the commit, before the message list's own hand-over to the
  // message field (message-list.tsx), which is for a confirmed edit whose question goes.
  const wasConfirming = useRef(false);
  useLayoutEffect(() => {
    const closed = wasConfirming.current && !confirming;
    wasConfirming.current = confirming;
    const active = document.activeElement;
    if (closed && (!active || active === document.body)) save.current?.focus();
  }, [confirming]);
  const content = draft.trim();
  const changed = content !== initial.trim() || kept.length !== files.length;
  const valid = content !== "" || kept.length > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid && changed) setConfirming(true);
  };
  const replace = async () => {
    if (saving) return;
    setSaving(true);
    const ok = await onSave(content, kept);
    setSaving(false);
    if (ok) onClose(false);
    else setConfirming(false);
  };

  return (
    // Escape steps back once, wherever the focus is in the editor: out of the confirmation, else out of the
    // editor, as every other popup does.
    <form
      className="message-editor"
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key !== "Escape") return;
        event.preventDefault();
        if (confirming) setConfirming(false);
        else onClose(true);
      }}
    >
      {kept.length > 0 ? (
        <ul className="message-files" aria-label={t("files.attached")}>
          {files
            .filter((file) => kept.includes(file.id))
            .map((file) => (
              <FileChip
                key={file.id}
                name={file.name}
                type={file.type}
                size={file.size}
                thumbnail={fileKind(file) === "image" && file.type !== "image/svg+xml" ? file.url : undefined}
                onRemove={() => {
                  setKept((ids) => ids.filter((keptId) => keptId !== file.id));
                  setConfirming(false);
                }}
              />
            ))}
        </ul>
      ) : null}
      <textarea
        aria-label={t("message.editLabel")}
        value={draft}
        rows={Math.min(10, Math.max(3, draft.split("\n").length))}
        // biome-ignore lint/a11y/noAutofocus: the user just asked to edit this very text.
        autoFocus
        onChange={(event) => {
          setDraft(event.target.value);
          setConfirming(false);
        }}
        // As in the composer: Enter goes on (to the confirmation, whose Replace then has the focus), Shift+Enter
        // breaks the line; on a touch screen Enter breaks it and Save goes on.
        enterKeyHint={touch ? "enter" : "done"}
        onKeyDown={(event) => {
          if (!enterSends(event.nativeEvent, touchScreen())) return;
          event.preventDefault();
          event.currentTarget.form?.requestSubmit();
        }}
      />
      {confirming ? (
        <div className="message-editor-confirm" role="alertdialog" aria-labelledby={`${id}-confirm`}>
          <p id={`${id}-confirm`}>{t("message.editConfirm")}</p>
          <div className="message-editor-actions">
            <button type="button" className="button small secondary" onClick={() => setConfirming(false)}>
              {t("message.cancel")}
            </button>
            {/* aria-disabled while it asks: a disabled button would drop the focus to the page. */}
            <button
              type="button"
              className="button small message-edit-replace"
              // biome-ignore lint/a11y/noAutofocus: the confirmation's one question needs the focus.
              autoFocus
              aria-disabled={saving}
              onClick={replace}
            >
              {t("message.editReplace")}
            </button>
          </div>
        </div>
      ) : (
        <div className="message-editor-actions">
          <button type="button" className="button small secondary" onClick={() => onClose(true)}>
            {t("message.cancel")}
          </button>
          <button ref={save} type="submit" className="button small" disabled={!valid || !changed}>
            {t("message.editSave")}
          </button>
        </div>
      )}
    </form>
  );
}
