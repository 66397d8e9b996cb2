// /login?mode=forgot: the address → a code by mail → the code and a new password; this browser is then
// signed in and the route guard takes it on, while every other device of the account is signed out.
import { type FormEvent, useState } from "react";
import { PASSWORD_MIN_LENGTH } from "../../src/domain/account-limits";
import { Alert } from "../components/alert";
import { Field } from "../components/field";
import { useForgotPassword, useResetPassword } from "../hooks/use-account";
import { useT } from "../i18n";
import { useApiError } from "../lib/use-api-error";
import { usePasswordLength } from "../lib/use-password-length";

/** `email`: what the sign-in form held, so it need not be typed twice. */
export function ForgotPassword({ onBack, email: typed = "" }: { onBack: () => void; email?: string }) {
  const t = useT("auth");
  const errorText = useApiError();
  const passwordLength = usePasswordLength();
  const forgot = useForgotPassword();
  const reset = useResetPassword();
  const [email, setEmail] = useState(typed);
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const sentTo = forgot.data?.email ?? null;

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (forgot.isPending) return;
    reset.reset();
    forgot.mutate(email);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!sentTo || reset.isPending || code.length !== 6) return;
    setProblem(null);
    const length = passwordLength(password);
    if (length) return setProblem(length);
    reset.mutate({ email: sentTo, code: code.trim(), password });
  };
  const failure = forgot.error ?? reset.error;
  const message = problem ?? (failure ? errorText(failure) : null);

  return (
    <div className="auth-page">
      <div className="auth-card">
        <h1>{t("forgot.title")}</h1>
        {sentTo ? (
          <>
            <p className="hint">{t("forgot.sent", { email: sentTo })}</p>
            <Alert>{message}</Alert>
            <form onSubmit={submit}>
              <Field
                id="reset-code"
                label={t("forgot.code")}
                // This form replaces the one whose Send was just pressed, and that button's focus with it.
                autoFocus
                className="code-input"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]{6}"
                maxLength={6}
                required
                value={code}
                onChange={(event) => setCode(event.target.value.replace(/\D/g, ""))}
              />
              <Field
                id="new-password"
                label={t("forgot.newPassword")}
                hint={t("passwordHint", { min: PASSWORD_MIN_LENGTH })}
                type="password"
                autoComplete="new-password"
                required
                minLength={PASSWORD_MIN_LENGTH}
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
              <p className="hint">{t("forgot.notice")}</p>
              {/* No code yet: disabled (the focus is in the fields). Sent: aria-disabled while it works, as a
                  disabled button would drop the focus to the page; so are Resend's and Send's below. */}
              <button
                type="submit"
                className="button large full"
                disabled={code.length !== 6}
                aria-disabled={reset.isPending || undefined}
              >
                {reset.isPending ? t("pending") : t("forgot.submit")}
              </button>
            </form>
            <p className="auth-switch">
              <button
                type="button"
                className="link-button"
                aria-disabled={forgot.isPending}
                onClick={() => forgot.isPending || forgot.mutate(sentTo)}
              >
                {t("forgot.resend")}
              </button>
            </p>
          </>
        ) : (
          <>
            <p className="hint">{t("forgot.text")}</p>
            <Alert>{message}</Alert>
            <form onSubmit={send}>
              <Field
                id="forgot-email"
                label={t("email")}
                type="email"
                autoComplete="email"
                required
                maxLength={200}
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
              <button type="submit" className="button large full" aria-disabled={forgot.isPending}>
                {forgot.isPending ? t("pending") : t("forgot.send")}
              </button>
            </form>
          </>
        )}
        <p className="auth-switch">
          <button type="button" className="link-button" onClick={onBack}>
            {t("forgot.back")}
          </button>
        </p>
      </div>
    </div>
  );
}
