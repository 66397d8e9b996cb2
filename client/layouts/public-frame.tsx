// The default layout's frame for public pages: header with the main links, content, footer with settings.
import type { ReactNode } from "react";
import { DEFAULT_CHAT_PATH, VERIFICATION_PATH } from "../../src/domain/app-routes";
import { splitLocalePath } from "../../src/domain/locale-routing";
import { hasSignedInHint } from "../../src/domain/sessions";
import { AppLink } from "../components/app-link";
import { ExternalLinks } from "../components/external-links";
import { LocaleSelect } from "../components/locale-select";
import { Logo } from "../components/logo";
import { ThemeSelect } from "../components/theme-select";
import { useT } from "../i18n";
import { useForcedColorMode } from "../lib/theme";
import { SkipLink } from "./skip-link";

export function PublicFrame({ children }: { children: ReactNode }) {
  const t = useT("common");
  // A page forcing light would make the theme picker look broken: offer it only where it shows.
  const forced = useForcedColorMode();
  // Public pages never ask the API who is signed in: the session's readable hint says enough for a link.
  const signedIn = hasSignedInHint(document.cookie);
  // An unconfirmed account's app is the verification page: "Open app" there led back to it.
  const verifying = splitLocalePath(window.location.pathname).path === VERIFICATION_PATH;
  return (
    <div className="public">
      <SkipLink>{t("skipToContent")}</SkipLink>
      <header className="public-header">
        <AppLink to="/" className="brand">
          <Logo size={34} />
          <span>{t("brand")}</span>
        </AppLink>
        <nav className="public-nav" aria-label={t("nav.label")}>
          <AppLink to="/pricing">{t("nav.pricing")}</AppLink>
          {signedIn ? (
            verifying ? null : (
              <AppLink to={DEFAULT_CHAT_PATH} className="button small">
                {t("nav.openApp")}
              </AppLink>
            )
          ) : (
            <>
              <AppLink to="/login">{t("nav.signIn")}</AppLink>
              <AppLink to="/login?mode=signup" className="button small hide-narrow">
                {t("nav.getStarted")}
              </AppLink>
            </>
          )}
        </nav>
      </header>
      <main id="main" className="public-main">
        {children}
      </main>
      <footer className="public-footer">
        <div className="public-footer-inner">
          <nav aria-label={t("footer.label")}>
            <AppLink to="/ToU">{t("footer.terms")}</AppLink>
            <AppLink to="/privacy">{t("footer.privacy")}</AppLink>
            <AppLink to="/legalNotice">{t("footer.legal")}</AppLink>
            <AppLink to="/contact">{t("footer.contact")}</AppLink>
            <ExternalLinks />
          </nav>
          <div className="footer-controls">
            <LocaleSelect />
            {forced ? null : <ThemeSelect />}
          </div>
          <span>{t("footer.copyright", { year: new Date().getFullYear() })}</span>
        </div>
      </footer>
    </div>
  );
}
