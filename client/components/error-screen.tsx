// The error screen (SPEC §2): the lost mascot, the status, its title and message, a way back to the root.
import { useLayoutEffect } from "react";
import { errorKey, isCrawler } from "../../src/domain/error-status";
import { useT } from "../i18n";
import { removeBootShell } from "../lib/boot-shell";
import { AppLink } from "./app-link";
import "./error-screen.css";

export function ErrorScreen({
  status,
  message,
  error,
}: {
  status: number;
  message?: string;
  error?: unknown;
}) {
  const t = useT("errors");
  // An error in place of a page: the first frame (an open chat's, which waits for its messages) goes too.
  useLayoutEffect(() => removeBootShell(), []);
  // SPEC §8: crawlers get no error page, the error is only logged.
  if (typeof navigator !== "undefined" && isCrawler(navigator.userAgent)) {
    console.error(`Error ${status}`, message ?? "", error ?? "");
    return null;
  }
  const key = errorKey(status);
  return (
    <main className="error-screen" data-testid="error-screen">
      <img src="/images/lost-mascot.svg" alt={t("mascot")} width={240} height={200} />
      <p className="error-status">{status}</p>
      <h1>{t(`status.${key}.title`)}</h1>
      <p className="error-message">{message ?? t(`status.${key}.message`)}</p>
      <AppLink to="/" className="button large">
        {t("backHome")}
      </AppLink>
    </main>
  );
}
