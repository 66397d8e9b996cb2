// The user's API keys: name, first characters, created, last used, and revoke after confirmation.
import { useRef, useState } from "react";
import { dateTime } from "../../src/domain/message-time";
import type { ApiKey } from "../hooks/use-api-keys";
import { useRevokeApiKey } from "../hooks/use-api-keys";
import { useLocale, useT } from "../i18n";
import { useApiError } from "../lib/use-api-error";
import { Alert } from "./alert";
import "./api-keys.css";

export function ApiKeyList({ keys }: { keys: ApiKey[] }) {
  const t = useT("account");
  const locale = useLocale();
  const errorText = useApiError();
  const revoke = useRevokeApiKey();
  const dialog = useRef<HTMLDialogElement>(null);
  const [pending, setPending] = useState<ApiKey | null>(null);
  const ask = (key: ApiKey) => {
    if (revoke.isPending && revoke.variables === key.id) return;
    setPending(key);
    dialog.current?.showModal();
  };
  const confirm = () => {
    dialog.current?.close();
    if (pending) revoke.mutate(pending.id);
  };
  // The date and the time: a chat message's time alone for today read as a bare "05:14 PM" here, with no day
  // for a key that is kept for months.
  const when = (iso: string | null) => (iso ? dateTime(iso, locale) : t("api.never"));
  return (
    <>
      <Alert>{revoke.error ? errorText(revoke.error) : null}</Alert>
      <table className="api-key-table" data-testid="api-key-list">
        <thead>
          <tr>
            <th scope="col">{t("api.colName")}</th>
            <th scope="col">{t("api.colKey")}</th>
            <th scope="col">{t("api.colCreated")}</th>
            <th scope="col">{t("api.colLastUsed")}</th>
            <th scope="col">
              <span className="visually-hidden">{t("api.revoke")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.id} data-testid="api-key-row">
              <th scope="row" data-label={t("api.colName")}>
                {key.name}
              </th>
              <td data-label={t("api.colKey")}>
                <code>{key.prefix}…</code>
              </td>
              <td data-label={t("api.colCreated")}>{when(key.createdAt)}</td>
              <td data-label={t("api.colLastUsed")}>{when(key.lastUsedAt)}</td>
              <td>
                {/* Focused again as the dialog closes, it keeps the focus while the key goes (not disabled),
                    then hands it on (the page's useFocusAfterRemoval). */}
                <button
                  type="button"
                  className="button danger small api-key-revoke"
                  onClick={() => ask(key)}
                  aria-label={t("api.revokeLabel", { name: key.name })}
                  aria-disabled={revoke.isPending && revoke.variables === key.id}
                >
                  {t("api.revoke")}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <dialog ref={dialog} className="api-key-dialog" aria-labelledby="api-key-revoke-title">
        <h2 id="api-key-revoke-title">{t("api.revokeTitle")}</h2>
        <p>{t("api.revokeText", { name: pending?.name ?? "", prefix: pending?.prefix ?? "" })}</p>
        <div className="api-key-dialog-actions">
          <button type="button" className="button secondary" onClick={() => dialog.current?.close()}>
            {t("api.cancel")}
          </button>
          <button type="button" className="button danger" onClick={confirm}>
            {t("api.revokeConfirm")}
          </button>
        </div>
      </dialog>
    </>
  );
}
