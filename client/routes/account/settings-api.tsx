// /app/account/settings/api: API keys — create one (its secret shown once, with ready calls), list, revoke.
import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { API_KEY_NAME_MAX, MAX_API_KEYS_PER_USER } from "../../../src/domain/api-keys";
import { modelByKey } from "../../../src/domain/models";
import { isPaidPlan } from "../../../src/domain/plans";
import { hasVisibleText } from "../../../src/domain/visible-text";
import { Alert } from "../../components/alert";
import { ApiKeyList } from "../../components/api-key-list";
import { ApiKeyPlanNotice } from "../../components/api-key-plan-notice";
import { ApiKeySecret } from "../../components/api-key-secret";
import { Field } from "../../components/field";
import { Icon } from "../../components/icon";
import { PageLoading } from "../../components/page-loading";
import { useApiKeys, useCreateApiKey } from "../../hooks/use-api-keys";
import { useInvalidateUser, useUser } from "../../hooks/use-user";
import { useT } from "../../i18n";
import { ApiError } from "../../lib/api";
import { useApiError } from "../../lib/use-api-error";
import { useFocusAfterRemoval } from "../../lib/use-focus-after-removal";
import "../../components/api-keys.css";

/** A text model this deployment offers, for the snippets: the free default when it is there. */
function snippetModel(available: readonly string[]): string {
  if (available.includes("gpt-5-mini")) return "gpt-5-mini";
  return available.find((key) => modelByKey(key)?.type !== "image") ?? "gpt-5-mini";
}

export default function SettingsApi() {
  const t = useT("account");
  const errorText = useApiError();
  const user = useUser();
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const invalidateUser = useInvalidateUser();
  // Keys come with a plan: without one (none, ended, a team's that is not active) the page says so instead of
  // offering a form the server would refuse. Keys made before the plan ended stay listed and revocable.
  const hasPlan = user ? isPaidPlan(user.usagePlan) : true;
  const [name, setName] = useState("");
  const [missingName, setMissingName] = useState(false);
  const [created, setCreated] = useState<{ id: number; name: string; key: string } | null>(null);
  const baseUrl = `${window.location.origin}/api/v1`;
  const full = (keys.data?.length ?? 0) >= MAX_API_KEYS_PER_USER;
  const createButton = useRef<HTMLButtonElement>(null);
  const planLink = useRef<HTMLAnchorElement>(null);
  const list = useRef<HTMLElement>(null);
  /**
   * The create form's first control: its name field, or its button while the list is full (the field is
   * disabled); without a plan, the notice's link in its place.
   */
  const createForm = useCallback(() => {
    const field = document.getElementById("api-key-name");
    if (field instanceof HTMLInputElement && !field.disabled) return field;
    return createButton.current ?? planLink.current;
  }, []);
  // A key revoked: the next key's Revoke button, else the previous one's, else the form to make another.
  useFocusAfterRemoval(list, ".api-key-revoke", createForm);
  // The panel's own key revoked (here or in another tab), its secret and ready calls answer 401: the panel goes
  // with the key's row. Gone is only gone once the list has shown it (it lists a new key a moment after).
  const listedId = useRef<number | null>(null);
  useEffect(() => {
    if (!created || !keys.data) return;
    if (keys.data.some((key) => key.id === created.id)) {
      listedId.current = created.id;
    } else if (listedId.current === created.id) {
      // The Revoke button keeps the focus through a revocation made here; one made elsewhere could leave it
      // in the panel, which would drop it to the page.
      if (document.activeElement?.closest(".api-key-secret")) createForm()?.focus();
      setCreated(null);
    }
  }, [created, keys.data, createForm]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (full || create.isPending) return;
    // Said by the field itself (announced), as the other forms do, not by the browser's bubble.
    if (!hasVisibleText(trimmed)) {
      setMissingName(true);
      document.getElementById("api-key-name")?.focus();
      return;
    }
    create.mutate(trimmed, {
      onSuccess: (answer) => {
        setCreated({ id: answer.apiKey.id, name: answer.apiKey.name, key: answer.key });
        setName("");
      },
      // The plan ended while the page was open: the user's plan, read again, puts the notice in the form's place.
      onError: (error) => {
        if (error instanceof ApiError && error.code === "subscription_required") void invalidateUser();
      },
    });
  };

  return (
    <div className="account-page">
      <h1>{t("api.title")}</h1>
      <p className="lead">{t("api.text")}</p>
      {created ? (
        <ApiKeySecret
          // A key made while the last one's panel is open gets a panel of its own (the focus, the first tab).
          key={created.key}
          name={created.name}
          secret={created.key}
          baseUrl={baseUrl}
          model={snippetModel(user?.models.available ?? [])}
          onDone={() => {
            // The panel goes with its button: the focus moves on to the form below it.
            createForm()?.focus();
            setCreated(null);
          }}
        />
      ) : null}
      {!hasPlan && user ? (
        <ApiKeyPlanNotice plan={user.usagePlan} teamMember={user.isTeamMember} linkRef={planLink} />
      ) : (
        <form className="card api-key-create" onSubmit={submit} noValidate>
          <h2>{t("api.createTitle")}</h2>
          <Alert>{create.error ? errorText(create.error) : null}</Alert>
          {full ? <Alert tone="info">{t("api.limitReached", { max: MAX_API_KEYS_PER_USER })}</Alert> : null}
          <Field
            id="api-key-name"
            label={t("api.nameLabel")}
            hint={t("api.nameHint")}
            error={missingName ? t("api.nameMissing") : undefined}
            required
            maxLength={API_KEY_NAME_MAX}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setMissingName(false);
            }}
            disabled={full}
          />
          {/* aria-disabled, not disabled: a click while it works would otherwise drop the focus to the page. With
              no name yet it is available: the field then says what it needs. */}
          <button
            ref={createButton}
            type="submit"
            className="button"
            aria-disabled={full || create.isPending}
          >
            {create.isPending ? t("api.creating") : t("api.create")}
          </button>
        </form>
      )}
      <section ref={list} className="card" aria-labelledby="api-keys-title">
        <h2 id="api-keys-title">{t("api.listTitle")}</h2>
        {keys.isPending ? (
          <PageLoading />
        ) : keys.isError ? (
          <Alert>
            {t("api.loadFailed")}{" "}
            <button type="button" className="button secondary small" onClick={() => keys.refetch()}>
              {t("api.retry")}
            </button>
          </Alert>
        ) : keys.data.length === 0 ? (
          <div className="empty-state">
            <Icon name="key" size={36} />
            <h3>{t("api.emptyTitle")}</h3>
            <p className="hint">{hasPlan ? t("api.emptyText") : t("api.emptyNoPlan")}</p>
          </div>
        ) : (
          <ApiKeyList keys={keys.data} />
        )}
      </section>
    </div>
  );
}
