// The composer: a growing text area (Enter sends, Shift+Enter breaks the line), its draft kept per chat in
// local storage, the model picker, and send or stop. Attachments will take the tools slot.
import { type FormEvent, type KeyboardEvent, useLayoutEffect, useRef, useState } from "react";
import type { PickerGroup } from "../../src/domain/chat/model-picker";
import { readDraft, removeDraft, writeDraft } from "../../src/domain/local-storage";
import { Icon } from "../components/icon";
import { useT } from "../i18n";
import { browserStorage, logStorage } from "../lib/storage";
import { modelLabel } from "./model-badge";
import { ModelPicker } from "./model-picker";
import "./composer.css";

export interface ComposerProps {
  draftKey: string;
  groups: readonly PickerGroup[];
  model: string | null;
  onModelChange(model: string): void;
  /** Resolves true when the message was taken; false keeps the text for another try. */
  onSend(content: string): Promise<boolean>;
  generating: boolean;
  onStop(): void;
  stopping: boolean;
}

const MAX_HEIGHT = 0.4;

const touchScreen = () => typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;

export function Composer({
  draftKey,
  groups,
  model,
  onModelChange,
  onSend,
  generating,
  onStop,
  stopping,
}: ComposerProps) {
  const t = useT("chat");
  const [text, setText] = useState(() => readDraft(browserStorage, draftKey, logStorage));
  const [sending, setSending] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);

  // The text area grows with its text, up to a share of the screen, then scrolls.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text.
  useLayoutEffect(() => {
    const element = area.current;
    if (!element) return;
    element.style.height = "auto";
    element.style.height = `${Math.min(element.scrollHeight, window.innerHeight * MAX_HEIGHT)}px`;
  }, [text]);

  const change = (value: string) => {
    setText(value);
    writeDraft(browserStorage, draftKey, value, logStorage);
  };

  const send = async () => {
    const content = text.trim();
    if (!content || generating || sending || !model) return;
    setSending(true);
    // Cleared at once, given back if the message could not be sent.
    setText("");
    removeDraft(browserStorage, draftKey, logStorage);
    const taken = await onSend(content).catch(() => false);
    setSending(false);
    if (!taken) change(text);
    area.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  return (
    <form className="composer" onSubmit={onSubmit}>
      <div className="composer-box">
        <textarea
          ref={area}
          className="composer-input"
          rows={1}
          value={text}
          placeholder={t("composer.placeholder", { model: modelLabel(model) })}
          aria-label={t("composer.label")}
          aria-describedby="composer-hint"
          onChange={(event) => change(event.target.value)}
          onKeyDown={onKeyDown}
          // biome-ignore lint/a11y/noAutofocus: the composer is what a chat screen is for (not on touch screens, where the keyboard would cover the chat).
          autoFocus={!touchScreen()}
        />
        <div className="composer-bar">
          {/* Attachments join here: the tools slot stays, with no button until they work. */}
          <div className="composer-tools">
            <ModelPicker groups={groups} value={model} onChange={onModelChange} />
          </div>
          {generating ? (
            <button
              type="button"
              className="composer-action stop"
              onClick={onStop}
              disabled={stopping}
              aria-label={t("composer.stop")}
              title={t("composer.stop")}
            >
              <Icon name="stop" size={16} />
            </button>
          ) : (
            <button
              type="submit"
              className="composer-action send"
              disabled={!text.trim() || sending || !model}
              aria-label={t("composer.send")}
              title={t("composer.send")}
            >
              <Icon name="send" size={18} />
            </button>
          )}
        </div>
      </div>
      <p id="composer-hint" className="composer-hint">
        {t("composer.hint")}
      </p>
    </form>
  );
}
