// /login: sign in or create an account, with OAuth buttons for the configured providers. Where the visitor
// goes next is the route guard's business once the user query knows them.
import { type FormEvent, useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { PASSWORD_MIN_LENGTH } from "../../src/domain/account-limits";
import { DEFAULT_CHAT_PATH } from "../../src/domain/app-routes";
import { localizePath } from "../../src/domain/locale-routing";
import { parsePricingQuery } from "../../src/domain/pricing";
import { redirectTarget } from "../../src/domain/route-guard";
import { invitationTokenOf } from "../../src/domain/team";
import { Alert } from "../components/alert";
import { Field } from "../components/field";
import { useInvitationPreview } from "../hooks/use-team";
import { useLoginProviders, useSignIn, useSignUp } from "../hooks/use-user";
import { useLocale, useT } from "../i18n";
import { storePricingSelection } from "../lib/pricing-selection";
import { richText } from "../lib/rich-text";
import { useApiError, useOauthError } from "../lib/use-api-error";
import { usePasswordLength } from "../lib/use-password-length";
import { ForgotPassword } from "./forgot-password";
import "./auth.css";

const PROVIDER_NAMES: Record<string, string> = { google: "Google", github: "GitHub" };

export default function Login() {
  const t = useT("auth");
  const errorText = useApiError();
  const passwordLength = usePasswordLength();
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const modeParam = params.get("mode");
  const mode = modeParam === "signup" || modeParam === "forgot" ? modeParam : "signin";
  const signIn = useSignIn();
  const signUp = useSignUp();
  const providers = useLoginProviders();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  // Reached from a team invitation (/join, coming back there): its address is the one to use, so prefill it. The
  // token in the return path is what reveals it, as on /join, and nothing puts the address in the URL.
  const invitation = useInvitationPreview(invitationTokenOf(params.get("redirect")));
  const invitedEmail = invitation.data?.state === "pending" ? invitation.data.email : null;
  useEffect(() => {
    if (invitedEmail) setEmail((typed) => typed || invitedEmail);
  }, [invitedEmail]);

  // A plan picked on /pricing travels here in the address; keep it for the subscription page.
  useEffect(() => {
    const query = parsePricingQuery(params);
    if (query.plan || query.users) storePricingSelection(query);
  }, [params]);

  const oauthError = useOauthError(params.get("error"));
  const pending = signIn.isPending || signUp.isPending;
  const failure = signIn.error ?? signUp.error;

  const switchMode = (to: "signin" | "signup" | "forgot" = mode === "signin" ? "signup" : "signin") => {
    const next = new URLSearchParams(params);
    if (to === "signin") next.delete("mode");
    else next.set("mode", to);
    next.delete("error");
    setParams(next, { replace: true });
    setProblem(null);
    signIn.reset();
    signUp.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setProblem(null);
    if (mode === "signup") {
      const length = passwordLength(password);
      if (length) return setProblem(length);
      signUp.mutate({ email, password });
    } else {
      signIn.mutate({ email, password });
    }
  };

  // After an OAuth sign-in the Worker sends the browser back to this full path.
  const returnTo = redirectTarget(params.get("redirect")) ?? localizePath(locale, DEFAULT_CHAT_PATH);
  const message = problem ?? (failure ? errorText(failure) : oauthError);

  if (mode === "forgot") return <ForgotPassword onBack={() => switchMode("signin")} email={email} />;

  return (
    <div className="auth-page">
      <div className="auth-card">
        <h1>{mode === "signup" ? t("signUp.title") : t("signIn.title")}</h1>
        <p className="hint">{mode === "signup" ? t("signUp.subtitle") : t("signIn.subtitle")}</p>
        <Alert>{message}</Alert>
        <form onSubmit={submit} noValidate={false}>
          <Field
            id="email"
            label={t("email")}
            type="email"
            autoComplete="email"
            required
            maxLength={200}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Field
            id="password"
            label={t("password")}
            hint={mode === "signup" ? t("passwordHint", { min: PASSWORD_MIN_LENGTH }) : undefined}
            type="password"
            autoComplete={mode === "signup" ? "new-password" : "current-password"}
            required
            minLength={mode === "signup" ? PASSWORD_MIN_LENGTH : undefined}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          {mode === "signin" ? (
            <p className="forgot-link">
              <button type="button" className="link-button" onClick={() => switchMode("forgot")}>
                {t("forgot.link")}
              </button>
            </p>
          ) : null}
          {mode === "signup" ? (
            <p className="hint legal-consent">
              {richText(t("signUp.consent"), {
                terms: (text) => <Link to="/ToU">{text}</Link>,
                privacy: (text) => <Link to="/privacy">{text}</Link>,
              })}
            </p>
          ) : null}
          {/* aria-disabled while it works: a disabled button would drop the focus to the page. Signed in, the
              next screen's main region takes it (client/lib/use-lost-focus-to-main.ts). */}
          <button type="submit" className="button large full" aria-disabled={pending}>
            {pending ? t("pending") : mode === "signup" ? t("signUp.submit") : t("signIn.submit")}
          </button>
        </form>
        {providers.data && providers.data.length > 0 ? (
          <div className="oauth">
            <p className="divider">
              <span>{t("or")}</span>
            </p>
            {providers.data.map((provider) => (
              <a
                key={provider}
                className="button secondary full"
                href={`/api/login/oauth/${provider}?redirect=${encodeURIComponent(returnTo)}`}
              >
                {t("continueWith", { provider: PROVIDER_NAMES[provider] ?? provider })}
              </a>
            ))}
          </div>
        ) : null}
        <p className="auth-switch">
          <button type="button" className="link-button" onClick={() => switchMode()}>
            {mode === "signup" ? t("signUp.switch") : t("signIn.switch")}
          </button>
        </p>
      </div>
    </div>
  );
}
