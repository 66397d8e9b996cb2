// /app/account/settings: language, appearance, the order of the models, the app install, the account.
import { type FormEvent, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { COLOR_MODES } from "../../../src/domain/color-mode";
import { isLocale, LOCALES } from "../../../src/domain/locales";
import { Alert } from "../../components/alert";
import { Field } from "../../components/field";
import { ModelsOrder } from "../../components/models-order";
import { useDeleteAccount } from "../../hooks/use-account";
import { saveLanguage } from "../../hooks/use-preferences";
import { useUser } from "../../hooks/use-user";
import { changeLocale, useLocale, useT } from "../../i18n";
import { useStore } from "../../lib/store";
import { setColorModePreference, useColorModePreference } from "../../lib/theme";
import { useApiError } from "../../lib/use-api-error";
import { promptInstall, pwaStore } from "../../pwa/register";
import { notify } from "../../state/notifications";
import "../../components/segmented.css";
import "./settings.css";

function DeleteAccount({ email }: { email: string }) {
  const t = useT("account");
  const errorText = useApiError();
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const dialog = useRef<HTMLDialogElement>(null);
  const [confirmation, setConfirmation] = useState("");
  // Accounts made with Google or GitHub have no password: they confirm with their email instead.
  const body = () =>
    confirmation === email ? { password: confirmation, email } : { password: confirmation };
  // The password is checked first, so a typo is said before the last question, not after it.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (remove.isPending) return;
    remove.mutate({ ...body(), check: true }, { onSuccess: () => dialog.current?.showModal() });
  };
  const deleteForGood = () =>
    remove.isPending ||
    remove.mutate(body(), {
      onSuccess: () => {
        // Signed out on the home page, with nothing to say why: the notice does.
        notify({ title: t("delete.done"), icon: "check", timeout: 8000 });
        navigate("/", { replace: true });
      },
      onError: () => dialog.current?.close(),
    });
  return (
    <details className="danger-zone">
      <summary>{t("delete.title")}</summary>
      <p className="hint">{t("delete.text")}</p>
      <Alert>{remove.error ? errorText(remove.error) : null}</Alert>
      <form onSubmit={submit}>
        <Field
          id="delete-confirmation"
          label={t("delete.label")}
          hint={t("delete.hint")}
          type="password"
          autoComplete="current-password"
          required
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
        />
        {/* aria-disabled while it checks, as the dialog's button while it deletes: a disabled button would
            drop the focus to the page. A failure closes the dialog, and the browser gives the focus back here. */}
        <button type="submit" className="button danger" aria-disabled={remove.isPending}>
          {t("delete.submit")}
        </button>
      </form>
      <dialog ref={dialog} className="confirm-dialog" aria-labelledby="delete-account-title">
        <h2 id="delete-account-title">{t("delete.confirm")}</h2>
        <p>{t("delete.text")}</p>
        <div className="confirm-actions">
          <button type="button" className="button secondary" onClick={() => dialog.current?.close()}>
            {t("delete.cancel")}
          </button>
          <button
            type="button"
            className="button danger"
            onClick={deleteForGood}
            aria-disabled={remove.isPending}
          >
            {t("delete.final")}
          </button>
        </div>
      </dialog>
    </details>
  );
}

export default function Settings() {
  const t = useT("account");
  const tCommon = useT("common");
  const user = useUser();
  const locale = useLocale();
  const preference = useColorModePreference();
  const { canInstall, installed } = useStore(pwaStore);
  if (!user) return null;

  return (
    <div className="account-page">
      <h1>{t("settings.title")}</h1>

      <section className="card" aria-labelledby="language-title">
        <h2 id="language-title">{t("settings.language")}</h2>
        <p className="hint">{t("settings.languageHint")}</p>
        <Field
          as="select"
          inline
          hideLabel
          id="settings-language"
          label={t("settings.language")}
          value={locale}
          onChange={(event) => {
            const next = event.target.value;
            if (!isLocale(next)) return;
            void saveLanguage(next);
            void changeLocale(next);
          }}
        >
          {LOCALES.map((code) => (
            <option key={code} value={code} lang={code}>
              {tCommon(`languages.${code}`)}
            </option>
          ))}
        </Field>
      </section>

      <section className="card" aria-labelledby="theme-title">
        <h2 id="theme-title">{t("settings.theme")}</h2>
        <p className="hint">{t("settings.themeHint")}</p>
        <fieldset className="segmented">
          <legend className="visually-hidden">{t("settings.theme")}</legend>
          {COLOR_MODES.map((mode) => (
            <label key={mode}>
              <input
                type="radio"
                name="color-mode"
                value={mode}
                checked={preference === mode}
                onChange={() => setColorModePreference(mode)}
              />
              <span>{tCommon(`theme.${mode}`)}</span>
            </label>
          ))}
        </fieldset>
      </section>

      <section className="card" aria-labelledby="models-title">
        <h2 id="models-title">{t("models.title")}</h2>
        <p className="hint">{t("models.hint")}</p>
        <ModelsOrder configuration={user.modelsConfiguration} available={user.models.available} />
      </section>

      {canInstall || installed ? (
        <section className="card" aria-labelledby="install-title">
          <h2 id="install-title">{t("install.title")}</h2>
          <p className="hint">{installed ? t("install.done") : t("install.hint")}</p>
          {canInstall ? (
            <button type="button" className="button" onClick={() => void promptInstall()}>
              {t("install.button")}
            </button>
          ) : null}
        </section>
      ) : null}

      <section className="card" aria-labelledby="account-title">
        <h2 id="account-title">{t("settings.account")}</h2>
        <p>{t("settings.signedInAs", { email: user.email })}</p>
        <div className="export-data">
          <h3>{t("export.title")}</h3>
          <p className="hint">{t("export.text")}</p>
          {/* A plain download: the browser saves the zip the Worker names (GET /api/login/export). */}
          <a className="button secondary" href="/api/login/export" download data-testid="export-data">
            {t("export.submit")}
          </a>
        </div>
        <DeleteAccount email={user.email} />
      </section>
    </div>
  );
}
