// The language picker: switches in place and remembers the choice in the locale cookie.
import { isLocale, LOCALES } from "../../src/domain/locales";
import { changeLocale, useLocale, useT } from "../i18n";

export function LocaleSelect({ id = "locale-select" }: { id?: string }) {
  const t = useT("common");
  const locale = useLocale();
  return (
    <label htmlFor={id}>
      <span>{t("footer.language")}</span>
      <select
        id={id}
        value={locale}
        onChange={(event) => {
          const next = event.target.value;
          if (isLocale(next)) void changeLocale(next);
        }}
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {t(`languages.${code}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
