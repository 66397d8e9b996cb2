// /app/assistants/new and /app/assistants/{id}: an assistant's name, instructions, icon, colour and model
// order, saved as a whole (SPEC §7); deleting one says first that its chats move to the default assistant.
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import {
  ASSISTANT_COLOR_NAMES,
  ASSISTANT_COLORS,
  ASSISTANT_ICONS,
  ASSISTANT_LABEL_MAX,
  ASSISTANT_PREPROMPT_MAX,
  DEFAULT_ASSISTANT_LABEL,
} from "../../../src/domain/assistants";
import { cleanModelsConfiguration, defaultModelsConfiguration } from "../../../src/domain/models";
import { hasVisibleText } from "../../../src/domain/visible-text";
import { Alert } from "../../components/alert";
import { AssistantAvatar } from "../../components/assistant-avatar";
import { ErrorScreen } from "../../components/error-screen";
import { Field } from "../../components/field";
import { ModelsOrderEditor } from "../../components/models-order";
import { PageLoading } from "../../components/page-loading";
import {
  type Assistant,
  type AssistantDraft,
  assistantKeys,
  useAssistants,
  useDeleteAssistant,
  useSaveAssistant,
} from "../../hooks/use-assistants";
import { useUser } from "../../hooks/use-user";
import { useT } from "../../i18n";
import { ApiError } from "../../lib/api";
import { useApiError } from "../../lib/use-api-error";
import { noticeName, notify } from "../../state/notifications";
import { AssistantFiles, uploadAssistantFiles } from "./assistant-files";

const EMPTY: AssistantDraft = {
  label: "",
  preprompt: "",
  image: null,
  prop: "green",
  modelsConfiguration: null,
};

function DeleteAssistant({ assistant }: { assistant: Assistant }) {
  const t = useT("account");
  const navigate = useNavigate();
  const dialog = useRef<HTMLDialogElement>(null);
  const remove = useDeleteAssistant();
  const confirm = async () => {
    if (remove.isPending) return;
    // mutateAsync settles even if this page is gone by then; failures show in the dialog.
    const done = await remove.mutateAsync(assistant.id).catch(() => null);
    if (!done) return;
    dialog.current?.close();
    navigate("/app/assistants", { replace: true });
    remove.forget(assistant.id);
    const label = noticeName(assistant.label);
    notify({ title: t("assistants.delete.done", { label }), name: assistant.label, icon: "check" });
  };
  return (
    <>
      <button type="button" className="button danger" onClick={() => dialog.current?.showModal()}>
        {t("assistants.delete.button")}
      </button>
      <dialog ref={dialog} className="confirm-dialog" aria-labelledby="delete-assistant-title">
        <h2 id="delete-assistant-title">{t("assistants.delete.title", { label: assistant.label })}</h2>
        <p>{t("assistants.delete.text", { assistant: DEFAULT_ASSISTANT_LABEL })}</p>
        <Alert>{remove.isError ? t("assistants.delete.failed") : null}</Alert>
        <div className="confirm-actions">
          <button type="button" className="button secondary" onClick={() => dialog.current?.close()}>
            {t("assistants.delete.cancel")}
          </button>
          {/* aria-disabled while it works: a disabled button would drop the focus out of the dialog. */}
          <button
            type="button"
            className="button danger"
            onClick={() => void confirm()}
            aria-disabled={remove.isPending}
          >
            {t("assistants.delete.confirm")}
          </button>
        </div>
      </dialog>
    </>
  );
}

function EditorForm({ initial, existing }: { initial: AssistantDraft; existing: Assistant | null }) {
  const t = useT("account");
  const user = useUser();
  const errorText = useApiError();
  const navigate = useNavigate();
  const save = useSaveAssistant();
  const client = useQueryClient();
  const invalidateAssistants = () => client.invalidateQueries({ queryKey: assistantKeys.all });
  const [draft, setDraft] = useState<AssistantDraft>(initial);
  const [missingLabel, setMissingLabel] = useState(false);
  /** A new assistant's files, uploaded once it exists. */
  const [pending, setPending] = useState<File[]>([]);
  const [uploadingPending, setUploadingPending] = useState(false);
  const set = (patch: Partial<AssistantDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const taken = save.error instanceof ApiError && save.error.code === "assistant_label_taken";
  const ownModels = draft.modelsConfiguration ?? null;

  const saving = save.isPending || uploadingPending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (!hasVisibleText(draft.label)) {
      setMissingLabel(true);
      document.getElementById("assistant-label")?.focus();
      return;
    }
    save.mutate(existing ? { ...draft, id: existing.id } : draft, {
      onSuccess: async (saved) => {
        if (pending.length > 0) {
          setUploadingPending(true);
          const failed = await uploadAssistantFiles(saved.id, pending);
          await invalidateAssistants();
          for (const { file, error } of failed) {
            notify({
              title: t("assistants.files.uploadFailed", { name: noticeName(file.name) }),
              name: file.name,
              description: errorText(error),
              color: "destroy",
            });
          }
        }
        const label = noticeName(saved.label);
        notify({ title: t("assistants.editor.saved", { label }), name: saved.label, icon: "check" });
        navigate("/app/assistants");
      },
      // The name is taken: the Name field says so (an alert) and takes the focus, to be changed there.
      onError: (error) => {
        if (error instanceof ApiError && error.code === "assistant_label_taken") {
          document.getElementById("assistant-label")?.focus();
        }
      },
    });
  };

  return (
    <form className="assistant-editor" onSubmit={submit} noValidate>
      <div className="assistant-preview">
        <AssistantAvatar image={draft.image} prop={draft.prop} size={48} />
        <strong>{draft.label.trim() || t("assistants.editor.unnamed")}</strong>
      </div>
      <Field
        id="assistant-label"
        label={t("assistants.editor.label")}
        hint={t("assistants.editor.labelHint", { max: ASSISTANT_LABEL_MAX })}
        error={taken ? errorText(save.error) : missingLabel ? t("assistants.editor.labelMissing") : undefined}
        required
        maxLength={ASSISTANT_LABEL_MAX}
        value={draft.label}
        onChange={(event) => {
          set({ label: event.target.value });
          setMissingLabel(false);
          if (taken) save.reset();
        }}
      />
      <Field
        as="textarea"
        id="assistant-preprompt"
        label={t("assistants.editor.preprompt")}
        hint={t("assistants.editor.prepromptHint")}
        rows={6}
        maxLength={ASSISTANT_PREPROMPT_MAX}
        value={draft.preprompt ?? ""}
        onChange={(event) => set({ preprompt: event.target.value })}
      />
      <fieldset className="assistant-choices">
        <legend>{t("assistants.editor.icon")}</legend>
        <label className="choice">
          <input type="radio" name="icon" checked={!draft.image} onChange={() => set({ image: null })} />
          <span className="choice-face">{t("assistants.editor.noIcon")}</span>
        </label>
        {ASSISTANT_ICONS.map((icon) => (
          <label key={icon} className="choice">
            <input
              type="radio"
              name="icon"
              checked={draft.image === icon}
              onChange={() => set({ image: icon })}
            />
            <span className="choice-face emoji">{icon}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="assistant-choices">
        <legend>{t("assistants.editor.color")}</legend>
        {ASSISTANT_COLOR_NAMES.map((name) => (
          <label key={name} className="choice">
            <input
              type="radio"
              name="color"
              value={name}
              checked={(draft.prop ?? "green") === name}
              onChange={() => set({ prop: name })}
            />
            <span className="choice-face swatch" style={{ background: ASSISTANT_COLORS[name] }} />
            <span className="visually-hidden">{t(`assistants.colors.${name}`)}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="assistant-models">
        <legend>{t("assistants.editor.models")}</legend>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={ownModels !== null}
            onChange={(event) =>
              set({
                modelsConfiguration: event.target.checked
                  ? (user?.modelsConfiguration ?? defaultModelsConfiguration())
                  : null,
              })
            }
          />
          <span>{t("assistants.editor.ownModels")}</span>
        </label>
        <p className="hint">
          {ownModels ? t("assistants.editor.ownModelsHint") : t("assistants.editor.userModelsHint")}
        </p>
        {ownModels ? (
          <ModelsOrderEditor
            configuration={cleanModelsConfiguration(ownModels)}
            available={user?.models.available}
            onChange={(next) => set({ modelsConfiguration: next })}
          />
        ) : null}
      </fieldset>
      <AssistantFiles
        assistantId={existing?.id ?? null}
        stored={existing?.attachments ?? []}
        pending={pending}
        onPendingChange={setPending}
      />
      <Alert>{save.isError && !taken ? errorText(save.error) : null}</Alert>
      <div className="assistant-actions">
        {/* aria-disabled while saving: a disabled button would drop the focus to the page. */}
        <button type="submit" className="button" aria-disabled={saving}>
          {saving
            ? t("assistants.editor.saving")
            : existing
              ? t("assistants.editor.save")
              : t("assistants.editor.create")}
        </button>
        <Link to="/app/assistants" className="button secondary">
          {t("assistants.editor.cancel")}
        </Link>
        {existing ? <DeleteAssistant assistant={existing} /> : null}
      </div>
    </form>
  );
}

export function AssistantEditor({ id }: { id: number | null }) {
  const t = useT("account");
  const tApp = useT("app");
  const assistants = useAssistants();
  if (id !== null && assistants.isPending) return <PageLoading />;
  const existing = id === null ? null : (assistants.data?.find((a) => a.id === id) ?? null);
  if (id !== null && !existing) {
    return assistants.data === null ? (
      <Alert>{t("assistants.failed")}</Alert>
    ) : (
      <ErrorScreen status={404} message={tApp("assistantNotFound")} />
    );
  }
  const initial: AssistantDraft = existing
    ? {
        label: existing.label,
        preprompt: existing.preprompt,
        image: existing.image,
        prop: existing.prop,
        modelsConfiguration: existing.modelsConfiguration,
      }
    : EMPTY;
  return (
    <div className="account-page">
      <Link to="/app/assistants" className="back-link">
        {t("assistants.editor.back")}
      </Link>
      <h1>{existing ? t("assistants.editor.editTitle") : t("assistants.editor.newTitle")}</h1>
      <EditorForm initial={initial} existing={existing} />
    </div>
  );
}
