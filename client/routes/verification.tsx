// /verification: confirm the email with the 6-digit code, or ask for a new one.
import { type FormEvent, useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { DEFAULT_CHAT_PATH } from "../../src/domain/app-routes";
import { VERIFICATION_MAX_ATTEMPTS } from "../../src/domain/auth-limits";
import { attemptsLeftAfter } from "../../src/domain/verification";
import { Alert } from "../components/alert";
import { Field } from "../components/field";
import { PageLoading } from "../components/page-loading";
import { useResendCode, useVerificationState, useVerifyCode } from "../hooks/use-account";
import { useSessionUser } from "../hooks/use-user";
import { useT } from "../i18n";
import { ApiError } from "../lib/api";
import { useApiError } from "../lib/use-api-error";
import "./auth.css";

function useCountdown(seconds: number | undefined) {
  const [left, setLeft] = useState(0);
  useEffect(() => setLeft(seconds ?? 0), [seconds]);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return left;
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
  const wait = useCountdown(state.data?.resendInSeconds);

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
          <Alert>{errorText(usedUp ?? resend.error)}</Alert>
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
            maxLength={6}
            required
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ""))}
          />
          <button
            type="submit"
            className="button large full"
            disabled={verify.isPending || spent || code.length !== 6}
          >
            {verify.isPending ? t("pending") : t("verification.submit")}
          </button>
        </form>
        <p className="auth-switch">
          <button
            type="button"
            className="link-button"
            disabled={resend.isPending || wait > 0}
            // The new code has its tries again: the last failure no longer speaks for it.
            onClick={() => resend.mutate(undefined, { onSuccess: () => verify.reset() })}
          >
            {wait > 0 ? t("verification.resendIn", { seconds: wait }) : t("verification.resend")}
          </button>
        </p>
      </div>
    </div>
  );
}
