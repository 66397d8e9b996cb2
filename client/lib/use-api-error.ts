// Turns an API failure into a sentence in the visitor's language: every server code has its catalogue key.
import { refusalReason } from "../../src/domain/composer-files";
import { isOauthErrorCode } from "../../src/domain/error-codes";
import { MAX_UPLOAD_BYTES } from "../../src/domain/files";
import { extensionOf } from "../../src/domain/models";
import { useLocale, useT } from "../i18n";
import { ApiError } from "./api";
import { MESSAGE_OF } from "./error-messages";
import { formatWait } from "./format-wait";

/** Field of the first invalid-input detail, if the server named one. */
function invalidField(error: ApiError): string | null {
  if (!Array.isArray(error.details)) return null;
  const first: unknown = error.details[0];
  return first && typeof first === "object" && "path" in first && typeof first.path === "string"
    ? first.path
    : null;
}

export function useApiError() {
  const t = useT("errors");
  const locale = useLocale();
  return (error: unknown): string => {
    if (!(error instanceof ApiError)) return t("api.network");
    // The server's wait, not "a few minutes": a day's quota of tries can mean hours.
    if (error.code === "too_many_requests" && error.retryAfterSeconds) {
      return t("api.too_many_requests_wait", { wait: formatWait(error.retryAfterSeconds, locale) });
    }
    if (error.code === "invalid_input") {
      const field = invalidField(error);
      if (field === "email" || field?.startsWith("emails.")) return t("api.invalid_email");
      if (field === "password" || field === "newPassword") return t("api.weak_password");
      if (field === "code") return t("api.verification_code_invalid");
    }
    return t(MESSAGE_OF[error.code]);
  };
}

/** The sentence of an OAuth sign-in that came back with /login?error=…, if the code is one of ours. */
export function useOauthError(value: string | null): string | null {
  const t = useT("errors");
  return isOauthErrorCode(value) ? t(MESSAGE_OF[value]) : null;
}

/**
 * An upload's refusal on its chip: the rule it broke, stated (the size limit, the types kept, a name its
 * content belies) rather than the code's general sentence. Any other failure reads as `useApiError` says.
 */
export function useUploadError() {
  const t = useT("errors");
  const describe = useApiError();
  return (error: unknown, name: string): string => {
    if (!(error instanceof ApiError)) return describe(error);
    switch (refusalReason(error.code, error.details)) {
      case "tooLarge":
        return t("upload.tooLarge", { megabytes: MAX_UPLOAD_BYTES / 1_000_000 });
      case "notSupported":
        return t("upload.notSupported");
      case "notWhatItSays":
        return t("upload.notWhatItSays", { type: extensionOf(name).toUpperCase() });
      case "notDocument":
        return t("upload.notDocument");
      default:
        return describe(error);
    }
  };
}
