// /app/account/changePassword: a new password, confirmed with the current one; other sessions end.
import { type FormEvent, useState } from "react";
import { PASSWORD_MIN_LENGTH } from "../../../src/domain/account-limits";
import { Alert } from "../../components/alert";
import { Field } from "../../components/field";
import { useChangePassword } from "../../hooks/use-account";
import { useT } from "../../i18n";
import { ApiError } from "../../lib/api";
import { useApiError } from "../../lib/use-api-error";
import { usePasswordLength } from "../../lib/use-password-length";

export default function ChangePassword() {
  const t = useT("auth");
  const errorText = useApiError();
  const passwordLength = usePasswordLength();
  const change = useChangePassword();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    setProblem(null);
    const length = passwordLength(next);
    if (length) return setProblem(length);
    if (next !== confirm) return setProblem(t("changePassword.mismatch"));
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: () => {
          setCurrent("");
          setNext("");
          setConfirm("");
        },
        // The field to type again: the focus was left on the last one.
        onError: (error) => {
          if (error instanceof ApiError && error.code === "wrong_password") {
            document.getElementById("current-password")?.focus();
          }
        },
      },
    );
  };

  // What was said of the last try goes once a field changes: a browser's own check (too short) may stop the
  // next try before \`submit\`, and the old sentence stayed beside it.
  const edit = (set: (value: string) => void, value: string) => {
    set(value);
    setProblem(null);
    if (change.isError) change.reset();
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
          onChange={(event) => edit(setCurrent, event.target.value)}
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
          onChange={(event) => edit(setNext, event.target.value)}
        />
        <Field
          id="confirm-password"
          label={t("changePassword.confirm")}
          type="password"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(event) => edit(setConfirm, event.target.value)}
        />
        {/* aria-disabled while it works: a disabled button would drop the focus to the page. */}
        <button type="submit" className="button large" aria-disabled={change.isPending}>
          {change.isPending ? t("pending") : t("changePassword.submit")}
        </button>
      </form>
    </div>
  );
}
