// Turns an API failure into a sentence in the visitor's language: the server's codes map to catalogue keys.
import { useT } from "../i18n";
import { ApiError } from "./api";

const KNOWN = [
  "invalid_credentials",
  "too_many_requests",
  "email_taken",
  "wrong_password",
  "wrong_email",
  "same_password",
  "verification_code_missing",
  "verification_code_exhausted",
  "verification_code_expired",
  "verification_code_invalid",
  "already_verified",
  "email_not_verified",
  "unauthorized",
  "oauth_cancelled",
  "oauth_failed",
  "oauth_state_mismatch",
  "oauth_email_unverified",
  "account_unverified",
] as const;
type KnownCode = (typeof KNOWN)[number];

const isKnown = (code: string): code is KnownCode => (KNOWN as readonly string[]).includes(code);

/** Field of the first invalid-input detail, if the server named one. */
function invalidField(error: ApiError): string | null {
  if (!Array.isArray(error.details)) return null;
  const first = error.details[0] as { path?: unknown } | undefined;
  return typeof first?.path === "string" ? first.path : null;
}

export function useApiError() {
  const t = useT("errors");
  return (error: unknown): string => {
    if (!(error instanceof ApiError)) return t("api.network");
    if (isKnown(error.code)) return t(`api.${error.code}`);
    if (error.code === "invalid_input") {
      const field = invalidField(error);
      if (field === "email") return t("api.invalid_email");
      if (field === "password" || field === "newPassword") return t("api.weak_password");
      if (field === "code") return t("api.verification_code_invalid");
      return t("api.invalid_input");
    }
    if (error.status >= 500) return t("api.server");
    return t("api.unknown");
  };
}

/** The error code an OAuth sign-in came back with (/login?error=…), if we know it. */
export const oauthErrorCode = (value: string | null): KnownCode | null =>
  value && isKnown(value) ? value : null;
