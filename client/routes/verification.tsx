// /verification: confirm the email with the 6-digit code, or ask for a new one.
import { type FormEvent, useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { VERIFICATION_CODE_LENGTH } from "../../src/domain/account-limits";
import { DEFAULT_CHAT_PATH } from "../../src/domain/app-routes";
import { VERIFICATION_MAX_ATTEMPTS } from "../../src/domain/auth-limits";
import { attemptsLeftAfter } from "../../src/domain/verification";
import { Alert } from "../components/alert";
import { Field } from "../components/field";
import { PageLoading } from "../components/page-loading";
import { useResendCode, useVerificationState, useVerifyCode } from "../hooks/use-account";
import { useSessionUser } from "../hooks/use-user";
import { useLocale, useT } from "../i18n";
import { ApiError } from "../lib/api";
import { formatWait } from "../lib/format-wait";
import { useApiError } from "../lib/use-api-error";
import "./auth.css";

/** Counts `seconds` down, again from each new reading (`readAt`): a resend reads 60 as before, and keyed on
 * the number alone the count never restarted. The setter starts it from what a refusal said. */
function useCountdown(seconds: number | undefined, readAt: number) {
  const [left, setLeft] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new reading restarts it, even with the same number.
  useEffect(() => setLeft(seconds ?? 0), [seconds, readAt]);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, setLeft] as const;
}

export default function Verification() {
  const t = useT("auth");
  const errorText = useApiError();
  const navigate = useNavigate();
  const session = useSessionUser();
  const unverified = session.data?.verified === false;
  const state = useVerificationState(unverified);
  const verify = useVerifyCode();
  const resend = useResendCode();
  const [code, setCode] = useState("");
  const [wait, waitFor] = useCountdown(state.data?.resendInSeconds, state.dataUpdatedAt);
  const locale = useLocale();
  // A refused resend says how long the server wants (Retry-After), not a vague "a few minutes".
  const resendErrorText = (error: unknown) =>
    error instanceof ApiError && error.status === 429 && error.retryAfterSeconds
      ? t("verification.resendWait", { wait: formatWait(error.retryAfterSeconds, locale) })
      : errorText(error);

  if (session.isPending) return <PageLoading />;

  if (!session.data) {
    return (
      <div className="auth-page">
        <div className="auth-card">
          <h1>{t("verification.title")}</h1>
          <p>{t("verification.signInFirst")}</p>
          <Link to="/login?redirect=%2Fverification" className="button large full">
            {t("signIn.submit")}
          </Link>
        </div>
      </div>
    );
  }

  if (session.data.verified) {
    return (
      <div className="auth-page">
        <div className="auth-card">
          <h1>{t("verification.doneTitle")}</h1>
          <p>{t("verification.doneText")}</p>
          <Link to={DEFAULT_CHAT_PATH} className="button large full">
            {t("verification.continue")}
          </Link>
        </div>
      </div>
    );
  }

  // What the last failure says of the code, else what the server counted (a reload keeps a used-up code dead).
  const failed = verify.error instanceof ApiError ? attemptsLeftAfter(verify.error) : null;
  const left = verify.error ? failed : (state.data?.remainingAttempts ?? null);
  const spent = left === 0;
  // The last wrong try ends the code: say it as the next try would hear it, not "try again".
  const usedUp =
    verify.error instanceof ApiError && verify.error.code === "verification_code_invalid" && spent
      ? new ApiError(400, "verification_code_exhausted", verify.error.message)
      : verify.error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (verify.isPending || spent || code.length !== 6) return;
    verify.mutate(code.trim(), { onSuccess: () => navigate(DEFAULT_CHAT_PATH, { replace: true }) });
  };

  return (
    <div className="auth-page">
      <div className="auth-card">
        <h1>{t("verification.title")}</h1>
        <p className="hint">
          {state.data ? t("verification.text", { email: state.data.email }) : t("verification.textNoEmail")}
        </p>
        {verify.error || resend.error ? (
          <Alert>{usedUp ? errorText(usedUp) : resendErrorText(resend.error)}</Alert>
        ) : resend.isSuccess ? (
          <Alert tone="success">{t("verification.resent")}</Alert>
        ) : null}
        {spent ? (
          <p className="hint" data-testid="verification-attempts">
            {t("verification.noAttemptsLeft")}
          </p>
        ) : left !== null && left < VERIFICATION_MAX_ATTEMPTS ? (
          <p className="hint" data-testid="verification-attempts">
            {t("verification.attemptsLeft", { count: left })}
          </p>
        ) : null}
        <form onSubmit={submit}>
          <Field
            id="code"
            label={t("verification.code")}
            className="code-input"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            required
            value={code}
            // The digits of what was typed or pasted, then six of them: " 511027" and "511-027" are the code
            // (a maxLength of 6 kept the first six characters, and lost a digit to the space or the dash).
            onChange={(event) =>
              setCode(event.target.value.replace(/\D/g, "").slice(0, VERIFICATION_CODE_LENGTH))
            }
          />
          {/* No code yet: disabled (the focus is in the field). Sent: aria-disabled while it is checked and once
              a wrong try used the code up, which happen with the focus on it; a disabled button would drop it to
              the page. So is Resend while it sends and while it counts down after. */}
          <button
            type="submit"
            className="button large full"
            disabled={code.length !== 6}
            aria-disabled={verify.isPending || spent || undefined}
          >
            {verify.isPending ? t("pending") : t("verification.submit")}
          </button>
        </form>
        <p className="auth-switch">
          <button
            type="button"
            className="link-button"
            aria-disabled={resend.isPending || wait > 0}
            // The new code has its tries again: the last failure no longer speaks for it.
            onClick={() =>
              resend.isPending ||
              wait > 0 ||
              resend.mutate(undefined, {
                onSuccess: () => verify.reset(),
                onError: (error) => {
                  if (error instanceof ApiError && error.retryAfterSeconds) waitFor(error.retryAfterSeconds);
                },
              })
            }
          >
            {wait > 0 ? t("verification.resendIn", { seconds: wait }) : t("verification.resend")}
          </button>
        </p>
      </div>
    </div>
  );
}
