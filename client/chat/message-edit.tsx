// Editing the last message the user sent: the new text, then a confirmation that says the answer after it
// is replaced (the server asks the question again as a fresh exchange).
import { type FormEvent, useId, useState } from "react";
import { Icon } from "../components/icon";
import { useT } from "../i18n";

export function EditButton({ onClick }: { onClick: () => void }) {
  const t = useT("chat");
  return (
    <button type="button" className="message-action" onClick={onClick} aria-label={t("message.edit")}>
      <Icon name="edit" size={16} />
      <span className="message-action-label">{t("message.edit")}</span>
    </button>
  );
}

export function MessageEditor({
  initial,
  onSave,
  onClose,
}: {
  initial: string;
  /** Resolves true once the new exchange started (the editor then closes). */
  onSave: (content: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const t = useT("chat");
  const id = useId();
  const [draft, setDraft] = useState(initial);
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  const content = draft.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (content && content !== initial.trim()) setConfirming(true);
  };
  const replace = async () => {
    setSaving(true);
    const ok = await onSave(content);
    setSaving(false);
    if (ok) onClose();
    else setConfirming(false);
  };

  return (
    <form className="message-editor" onSubmit={submit}>
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
        onKeyDown={(event) => {
          if (event.key === "Escape") onClose();
        }}
      />
      {confirming ? (
        <div className="message-editor-confirm" role="alertdialog" aria-labelledby={`${id}-confirm`}>
          <p id={`${id}-confirm`}>{t("message.editConfirm")}</p>
          <div className="message-editor-actions">
            <button type="button" className="button small secondary" onClick={() => setConfirming(false)}>
              {t("message.cancel")}
            </button>
            {/* biome-ignore lint/a11y/noAutofocus: the confirmation's one question needs the focus. */}
            <button type="button" className="button small" autoFocus disabled={saving} onClick={replace}>
              {t("message.editReplace")}
            </button>
          </div>
        </div>
      ) : (
        <div className="message-editor-actions">
          <button type="button" className="button small secondary" onClick={onClose}>
            {t("message.cancel")}
          </button>
          <button type="submit" className="button small" disabled={!content || content === initial.trim()}>
            {t("message.editSave")}
          </button>
        </div>
      )}
    </form>
  );
}
