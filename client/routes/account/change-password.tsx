// /app/account/changePassword: a new password, confirmed with the current one; other sessions end.
import { type FormEvent, useState } from "react";
import { PASSWORD_MIN_LENGTH } from "../../../src/domain/account-limits";
import { Alert } from "../../components/alert";
import { Field } from "../../components/field";
import { useChangePassword } from "../../hooks/use-account";
import { useT } from "../../i18n";
import { refusedField } from "../../lib/refused-field";
import { useApiError } from "../../lib/use-api-error";
import { usePasswordLength } from "../../lib/use-password-length";

type PasswordField = "current" | "new" | "confirm";

const ID_OF: Record<PasswordField, string> = {
  current: "current-password",
  new: "new-password",
  confirm: "confirm-password",
};

/** The field a server refusal names (its detail's path), to be marked with it. */
const FIELD_OF_PATH: Partial<Record<string, PasswordField>> = {
  currentPassword: "current",
  newPassword: "new",
};
const fieldOf = (error: unknown) => FIELD_OF_PATH[refusedField(error) ?? ""];

export default function ChangePassword() {
  const t = useT("auth");
  const errorText = useApiError();
  const passwordLength = usePasswordLength();
  const change = useChangePassword();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  // What is wrong before asking, and with which field: it is shown under that field and marks it invalid.
  const [problem, setProblem] = useState<{ field: PasswordField; text: string } | null>(null);
  const refuse = (field: PasswordField, text: string) => {
    setProblem({ field, text });
    document.getElementById(ID_OF[field])?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    setProblem(null);
    const length = passwordLength(next);
    if (length) return refuse("new", length);
    if (next !== confirm) return refuse("confirm", t("changePassword.mismatch"));
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: () => {
          setCurrent("");
          setNext("");
          setConfirm("");
        },
        // The field to type again (a wrong current password): the focus was left on the last one.
        onError: (error) => {
          const field = fieldOf(error);
          if (field) document.getElementById(ID_OF[field])?.focus();
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

  const refused = fieldOf(change.error);
  const refusal = change.error ? errorText(change.error) : null;
  /** The sentence shown under (and read with) `field`, if what was last said is about it. */
  const errorOf = (field: PasswordField) =>
    problem?.field === field ? problem.text : refused === field && refusal ? refusal : undefined;
  // Said at the top only when no field is at fault (the network, too many tries).
  const message = problem || refused ? null : refusal;
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
          id={ID_OF.current}
          error={errorOf("current")}
          label={t("changePassword.current")}
          type="password"
          autoComplete="current-password"
          required
          value={current}
          onChange={(event) => edit(setCurrent, event.target.value)}
        />
        <Field
          id={ID_OF.new}
          error={errorOf("new")}
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
          id={ID_OF.confirm}
          error={errorOf("confirm")}
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
