// The Share dialog of a chat's menu: make a public link (a snapshot of the conversation as it is now), copy
// it, bring it up to date, or stop sharing — after which the link answers "not available" at once.
import { useEffect, useId, useRef, useState } from "react";
import { sharedPagePath } from "../../src/domain/chat/sharing";
import { Icon } from "../components/icon";
import { useShareChat, useSharedChat, useUnshareChat, useUpdateShare } from "../hooks/use-sharing";
import { useT } from "../i18n";
import "./share-dialog.css";

/** Mounted while open (so a list of chats asks nothing); closing it unmounts it through `onClose`. */
export function ShareDialog({
  chatId,
  publicId,
  onClose,
}: {
  chatId: number;
  publicId: string | null;
  onClose(): void;
}) {
  const t = useT("chat");
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const createButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
    // A chat not shared yet opens on "Create link", not on the first control (the search-engine box): a Space
    // pressed at once would change whether the page may be listed. A shared one opens on its link.
    if (!dialog.current?.querySelector(".share-link")) createButton.current?.focus();
  }, []);
  const share = useShareChat();
  const unshare = useUnshareChat();
  const updateShare = useUpdateShare();
  const [copied, setCopied] = useState(false);
  const current = share.data?.publicId ?? publicId;
  const shared = unshare.isSuccess && !share.isSuccess ? null : current;
  const url = shared ? `${window.location.origin}${sharedPagePath(shared)}` : "";
  const busy = share.isPending || unshare.isPending;
  // What the share is now (its choice about search engines), read once it exists.
  const currentShare = useSharedChat(shared);
  const [indexable, setIndexable] = useState<boolean | null>(null);
  const listed = indexable ?? share.data?.indexable ?? currentShare.data?.indexable ?? false;
  const failed = share.isError || unshare.isError || updateShare.isError;
  // A shared chat's page takes the choice at once (closing the dialog must not lose it); before there is a
  // link, the choice goes with "Create link".
  const choose = (next: boolean) => {
    setIndexable(next);
    if (!shared) return;
    updateShare.mutate({ chatId, indexable: next }, { onError: () => setIndexable(!next) });
  };

  const copy = (link = url) =>
    navigator.clipboard.writeText(link).then(
      () => {
        setCopied(true);
        setTimeout(() => setCopied(false), 1500);
      },
      (error: unknown) => console.error("Copy failed", error),
    );
  // While a request is out its buttons say so (aria-disabled) but keep the focus: a disabled button drops it.
  const create = () => {
    if (busy) return;
    unshare.reset();
    updateShare.reset();
    // The link made (or brought up to date) is copied at once, as the dialog says; Copy link copies it again.
    share.mutate(
      { chatId, indexable: listed },
      { onSuccess: (made) => void copy(`${window.location.origin}${sharedPagePath(made.publicId)}`) },
    );
  };
  const stop = () => {
    if (busy) return;
    share.reset();
    updateShare.reset();
    unshare.mutate(chatId);
  };

  // "Stop sharing" goes with the share it ended, and the focus with it: "Create link" takes its place.
  useEffect(() => {
    if (!shared && !dialog.current?.contains(document.activeElement)) createButton.current?.focus();
  }, [shared]);

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog share-dialog"
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      // Escape closes this dialog only: let through, it would also close the phone's sidebar drawer this
      // dialog was opened from, and the focus would have nowhere to go back to.
      onKeyDown={(event) => {
        if (event.key !== "Escape") return;
        event.preventDefault();
        dialog.current?.close();
      }}
    >
      <h2 id={`${id}-title`}>{t("share.title")}</h2>
      <p>{t("share.shows")}</p>
      {shared ? (
        <>
          <div className="share-link">
            <input
              aria-label={t("share.link")}
              value={url}
              readOnly
              onFocus={(event) => event.target.select()}
            />
            <button type="button" className="button" onClick={() => copy()}>
              <Icon name={copied ? "check" : "copy"} size={16} />{" "}
              {copied ? t("share.copied") : t("share.copy")}
            </button>
          </div>
          <p className="share-hint">{t("share.snapshot")}</p>
        </>
      ) : (
        <p className="share-hint">{t("share.private")}</p>
      )}
      <label className="share-indexable">
        <input type="checkbox" checked={listed} onChange={(event) => choose(event.target.checked)} />
        {t("share.indexable")}
      </label>
      {failed && (
        <p className="share-error" role="alert">
          {t("share.failed")}
        </p>
      )}
      <div className="confirm-actions share-actions">
        {shared && (
          <button type="button" className="button danger" onClick={stop} aria-disabled={busy}>
            {t("share.stop")}
          </button>
        )}
        <button
          ref={createButton}
          type="button"
          className="button secondary"
          onClick={create}
          aria-disabled={busy}
        >
          {shared ? t("share.update") : t("share.create")}
        </button>
        <button type="button" className="button secondary" onClick={() => dialog.current?.close()}>
          {t("share.close")}
        </button>
      </div>
      <p className="visually-hidden" role="status">
        {busy ? t("share.working") : shared ? t("share.on") : t("share.off")}
      </p>
    </dialog>
  );
}
