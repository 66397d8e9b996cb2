// The colour mode picker (light, dark, system), kept in local storage.
import { COLOR_MODES, isColorModePreference } from "../../src/domain/color-mode";
import { useT } from "../i18n";
import { setColorModePreference, useColorModePreference } from "../lib/theme";

export function ThemeSelect({ id = "theme-select" }: { id?: string }) {
  const t = useT("common");
  const preference = useColorModePreference();
  return (
    <label htmlFor={id}>
      <span>{t("footer.theme")}</span>
      <select
        id={id}
        value={preference}
        onChange={(event) => {
          if (isColorModePreference(event.target.value)) setColorModePreference(event.target.value);
        }}
      >
        {COLOR_MODES.map((mode) => (
          <option key={mode} value={mode}>
            {t(`theme.${mode}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
