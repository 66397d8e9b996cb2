// A legal page from the catalogue: a title, the date of its last change, and numbered sections.
import { useLocale, useT } from "../i18n";
import type { MessageKey } from "../i18n/resources";
import "./legal-page.css";

/** When the legal texts last changed. */
const UPDATED_ON = new Date("2026-11-22T00:00:00Z");

export function LegalPage({ page, sections }: { page: "terms" | "privacy" | "notice"; sections: number }) {
  const t = useT("legal");
  const locale = useLocale();
  const updated = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(UPDATED_ON);
  return (
    <article className="legal narrow-page">
      <h1>{t(`${page}.title`)}</h1>
      <p className="hint">{t("updated", { date: updated })}</p>
      <p className="lead">{t(`${page}.intro`)}</p>
      {Array.from({ length: sections }, (_, i) => {
        const key = `${page}.s${i + 1}` as const;
        return (
          <section key={key}>
            <h2>{t(`${key}.title` as MessageKey<"legal">)}</h2>
            <p>{t(`${key}.text` as MessageKey<"legal">)}</p>
          </section>
        );
      })}
    </article>
  );
}
