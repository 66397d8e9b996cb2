// /app/account/changePassword: a new password, confirmed with the current one; other sessions end.
import { type FormEvent, useState } from "react";
import { PASSWORD_MIN_LENGTH } from "../../../src/domain/account-limits";
import { Alert } from "../../components/alert";
import { Field } from "../../components/field";
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
    if (change.isPending) return;
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
        <Alert>{message}</Alert>
      ) : change.isSuccess ? (
        <Alert tone="success">{t("changePassword.done")}</Alert>
      ) : null}
      <form className="card" onSubmit={submit}>
        <Field
          id="current-password"
          label={t("changePassword.current")}
          type="password"
          autoComplete="current-password"
          required
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
        />
        <Field
          id="new-password"
          label={t("changePassword.new")}
          hint={t("passwordHint", { min: PASSWORD_MIN_LENGTH })}
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          value={next}
          onChange={(event) => setNext(event.target.value)}
        />
        <Field
          id="confirm-password"
          label={t("changePassword.confirm")}
          type="password"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
        />
        {/* aria-disabled while it works: a disabled button would drop the focus to the page. */}
        <button type="submit" className="button large" aria-disabled={change.isPending}>
          {change.isPending ? t("pending") : t("changePassword.submit")}
        </button>
      </form>
    </div>
  );
}
