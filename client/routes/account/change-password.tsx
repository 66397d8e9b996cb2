// /app/account/changePassword: a new password, confirmed with the current one; other sessions end.
import { type FormEvent, useState } from "react";
import { PASSWORD_MIN_LENGTH } from "../../../src/domain/account-limits";
import { useChangePassword } from "../../hooks/use-account";
import { useT } from "../../i18n";
import { useApiError } from "../../lib/use-api-error";

export default function ChangePassword() {
  const t = useT("auth");
  const errorText = useApiError();
  const change = useChangePassword();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (next.length < PASSWORD_MIN_LENGTH) return setProblem(t("passwordTooShort"));
    if (next !== confirm) return setProblem(t("changePassword.mismatch"));
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: () => {
          setCurrent("");
          setNext("");
          setConfirm("");
        },
      },
    );
  };

  const message = problem ?? (change.error ? errorText(change.error) : null);
  return (
    <div className="account-page narrow">
      <h1>{t("changePassword.title")}</h1>
      <p className="lead">{t("changePassword.text")}</p>
      {message ? (
        <p className="alert error" role="alert">
          {message}
        </p>
      ) : change.isSuccess ? (
        <p className="alert success" role="status">
          {t("changePassword.done")}
        </p>
      ) : null}
      <form className="card" onSubmit={submit}>
        <div className="field">
          <label htmlFor="current-password">{t("changePassword.current")}</label>
          <input
            id="current-password"
            type="password"
            autoComplete="current-password"
            required
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="new-password">{t("changePassword.new")}</label>
          <input
            id="new-password"
            type="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            value={next}
            onChange={(event) => setNext(event.target.value)}
          />
          <p className="hint">{t("passwordHint", { min: PASSWORD_MIN_LENGTH })}</p>
        </div>
        <div className="field">
          <label htmlFor="confirm-password">{t("changePassword.confirm")}</label>
          <input
            id="confirm-password"
            type="password"
            autoComplete="new-password"
            required
            value={confirm}
            onChange={(event) => setConfirm(event.target.value)}
          />
        </div>
        <button type="submit" className="button large" disabled={change.isPending}>
          {change.isPending ? t("pending") : t("changePassword.submit")}
        </button>
      </form>
    </div>
  );
}
