// A question before an action that cannot be undone, in the app's own modal <dialog>: its first button,
// Cancel, takes the focus as it opens, and Escape or Cancel closes it (the opener gets the focus back).
import type { ReactNode, RefObject } from "react";

export function ConfirmDialog({
  ref,
  id,
  title,
  text,
  cancel,
  confirm,
  onConfirm,
}: {
  ref: RefObject<HTMLDialogElement | null>;
  /** Names the title and the text for assistive technology. */
  id: string;
  title: ReactNode;
  text: ReactNode;
  cancel: string;
  confirm: string;
  onConfirm(): void;
}) {
  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <p id={`${id}-text`}>{text}</p>
      <div className="confirm-actions">
        <button type="button" className="button secondary" onClick={() => ref.current?.close()}>
          {cancel}
        </button>
        <button type="button" className="button danger" onClick={onConfirm}>
          {confirm}
        </button>
      </div>
    </dialog>
  );
}
