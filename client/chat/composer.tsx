// The composer: a growing text area (Enter sends, Shift+Enter breaks the line; on a touch screen Enter breaks
// it and Send sends), its draft kept per chat in local storage, files (button, drag-and-drop, paste) checked against the model before sending, the model
// picker, and send or stop.
import {
  type ClipboardEvent,
  type FormEvent,
  type KeyboardEvent,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { enterSends } from "../../src/domain/chat/enter-key";
import { isTooLong, MESSAGE_MAX_CHARACTERS, sentLength } from "../../src/domain/chat/message-length";
import type { PickerGroup } from "../../src/domain/chat/model-picker";
import {
  type AttachmentWire,
  DOCUMENTS_TOTAL_LIMIT,
  documentsTotal,
  MAX_ATTACHMENTS_PER_MESSAGE,
  type SizedFile,
  unacceptedKinds,
  uploadAccept,
} from "../../src/domain/files";
import { readDraft, removeDraft, writeDraft } from "../../src/domain/local-storage";
import { fileKind, isImageOnlyInput, modelByKey } from "../../src/domain/models";
import { Icon } from "../components/icon";
import { useT } from "../i18n";
import { BOOT_DRAFT_EVENT, type BootDraft } from "../lib/boot-shell";
import { browserStorage, logStorage } from "../lib/storage";
import { touchScreen, useTouchScreen } from "../lib/touch-screen";
import { useUploadError } from "../lib/use-api-error";
import { useFocusAfterRemoval } from "../lib/use-focus-after-removal";
import { useComposerFiles } from "./composer-files";
import { FileChip } from "./file-chip";
import { preloadMarkdown } from "./markdown/lazy-markdown";
import { modelLabel } from "./model-badge";
import { ModelPicker } from "./model-picker";
import "./composer.css";
import { useFileDrop } from "../lib/use-file-drop";

export interface ComposerProps {
  draftKey: string;
  groups: readonly PickerGroup[];
  model: string | null;
  onModelChange(model: string): void;
  /** Resolves true when the message was taken; false keeps the text and the files for another try. */
  onSend(content: string, attachments: AttachmentWire[]): Promise<boolean>;
  /** Files already in the conversation (its messages and its assistant): SPEC §5's documents total counts them. */
  conversationFiles?: readonly SizedFile[];
  /** Opens the last question's editor: removing a document there is how the total comes down (SPEC §8). */
  onEditLastQuestion?(): void;
  generating: boolean;
  onStop(): void;
  stopping: boolean;
}

const MAX_HEIGHT = 0.4;

/** Whether focus is in a field of its own (a search box, a dialog's input): the composer leaves it there. */
const typingElsewhere = (element: Element | null) =>
  element instanceof HTMLInputElement ||
  element instanceof HTMLTextAreaElement ||
  element instanceof HTMLSelectElement ||
  (element instanceof HTMLElement && element.isContentEditable);

/**
 * When a composer whose field had the focus went: the composer mounted next, soon after, takes the focus on (a
 * new chat's screen giving way to its open chat's as the first message is sent). Without it the focus fell to
 * the page (on a phone, the keyboard closed and the main region took it).
 */
let focusLeftAt = Number.NEGATIVE_INFINITY;
const FOCUS_HANDOVER_MS = 1_000;

export function Composer({
  draftKey,
  groups,
  model,
  onModelChange,
  onSend,
  generating,
  onStop,
  stopping,
  conversationFiles = [],
  onEditLastQuestion,
}: ComposerProps) {
  const t = useT("chat");
  const describeRefusal = useUploadError();
  const [text, setText] = useState(() => readDraft(browserStorage, draftKey, logStorage));
  const [sending, setSending] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const sendButton = useRef<HTMLButtonElement>(null);
  const files = useComposerFiles();
  const touch = useTouchScreen();
  // A chip removed from the keyboard: the next chip's remove button, else the previous one's, else the text.
  useFocusAfterRemoval(form, ".file-chip-remove", () => area.current);
  // Stop goes once the answer ends (stopped or not): the focus goes on to the message field, for the next one.
  useFocusAfterRemoval(form, ".composer-action.stop", () => area.current);
  const { add } = files;

  const entry = model ? modelByKey(model) : undefined;
  const local = files.files.map((f) => ({ name: f.file.name, type: f.file.type, size: f.file.size }));
  const missing = entry ? unacceptedKinds(entry, local) : [];
  const imageOnly = entry ? isImageOnlyInput(entry) : false;
  const hasImage = local.some((f) => fileKind(f) === "image");
  // A refused file (too big, or not a type kept) was never stored: it counts towards no total.
  const kept = files.files.filter((f) => f.status !== "error");
  const keptSizes = kept.map((f) => ({ name: f.file.name, type: f.file.type, size: f.file.size }));
  const overTotal = documentsTotal([...conversationFiles, ...keptSizes]) > DOCUMENTS_TOTAL_LIMIT;
  // Over only with this message's files: removing one of them is the way back under the total.
  const overByNewFiles = overTotal && documentsTotal(conversationFiles) <= DOCUMENTS_TOTAL_LIMIT;
  const hasWordsOrFiles = Boolean(text.trim()) || files.uploaded.length > 0;
  // Said before sending: the server would refuse it, and no retry could help.
  const tooLong = isTooLong(text);
  const ready =
    hasWordsOrFiles &&
    !files.uploading &&
    !files.failed &&
    missing.length === 0 &&
    !overTotal &&
    !tooLong &&
    (!imageOnly || hasImage);

  // Files dropped anywhere on the chat screen join the message.
  const dragging = useFileDrop(add);

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const pasted = [...event.clipboardData.files];
    if (pasted.length === 0) return;
    // A copied picture may come with its address as text: the picture is what was meant.
    if (!event.clipboardData.getData("text/plain")) event.preventDefault();
    add(pasted);
  };

  // Focused once the screen is painted, not while it mounts: focusing lays the page out there and then, and
  // on a first load that layout of the whole screen lengthened the task that mounts the app (Lighthouse's
  // blocking time). Not on touch screens, where the keyboard would cover the chat, nor once the person has
  // started typing elsewhere.
  useEffect(() => {
    if (touchScreen()) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        if (!typingElsewhere(document.activeElement)) area.current?.focus({ preventScroll: true });
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);

  useLayoutEffect(() => {
    const element = area.current;
    const active = document.activeElement;
    const dropped = active === null || active === document.body || active.id === "main";
    if (element && dropped && performance.now() - focusLeftAt < FOCUS_HANDOVER_MS)
      element.focus({ preventScroll: true });
    focusLeftAt = Number.NEGATIVE_INFINITY;
    return () => {
      if (element && document.activeElement === element) focusLeftAt = performance.now();
    };
  }, []);

  // The text area grows with its text, up to a share of the screen, then scrolls.
  useLayoutEffect(() => {
    const element = area.current;
    if (!element) return;
    // Empty, its CSS height is its height: measuring would lay the page out inside the commit for nothing.
    if (!text) {
      element.style.height = "";
      return;
    }
    element.style.height = "auto";
    element.style.height = `${Math.min(element.scrollHeight, window.innerHeight * MAX_HEIGHT)}px`;
  }, [text]);

  /** Enter was pressed in an open chat's first frame: its text goes once the composer can send it. */
  const [sendTaken, setSendTaken] = useState(false);

  const change = (value: string) => {
    // The answer this is the start of will want the markdown renderer.
    preloadMarkdown();
    setSendTaken(false);
    setText(value);
    writeDraft(browserStorage, draftKey, value, logStorage);
  };
  const changeRef = useRef(change);
  changeRef.current = change;

  // What was typed into an open chat's first frame (client/lib/boot-shell.ts) is this draft now, and the
  // caret follows it here — as the mount's own focus above would have, had the frame not been in front.
  useEffect(() => {
    const take = (event: Event) => {
      const { text: typed, focused, send: sendIt } = (event as CustomEvent<BootDraft>).detail;
      if (typed) changeRef.current(typed);
      if (typed && sendIt) setSendTaken(true);
      if (!focused && (touchScreen() || typingElsewhere(document.activeElement))) return;
      requestAnimationFrame(() => {
        const element = area.current;
        element?.focus({ preventScroll: true });
        element?.setSelectionRange(element.value.length, element.value.length);
      });
    };
    addEventListener(BOOT_DRAFT_EVENT, take);
    return () => removeEventListener(BOOT_DRAFT_EVENT, take);
  }, []);

  const send = async () => {
    const content = text.trim();
    if (!ready || generating || sending || !model) return;
    preloadMarkdown();
    // Sent with the Send button: the focus goes to the message field now. Send is disabled at once (the field
    // is cleared) and Stop takes its place: the focus fell to the page's main region (which a screen reader
    // reads whole), and only came to the field once the message was taken.
    if (document.activeElement === sendButton.current) area.current?.focus();
    setSending(true);
    // Cleared at once, given back if the message could not be sent; the files stay until it is taken.
    setText("");
    removeDraft(browserStorage, draftKey, logStorage);
    const taken = await onSend(content, files.uploaded).catch(() => false);
    setSending(false);
    if (taken) files.clear();
    else change(text);
    area.current?.focus();
  };

  const sendRef = useRef(send);
  sendRef.current = send;
  // Sent as soon as the model and the files allow; not queued behind an answer already being written (Enter
  // in the composer does nothing then either).
  useEffect(() => {
    if (!sendTaken) return;
    if (generating) return setSendTaken(false);
    if (!ready || !model || sending) return;
    setSendTaken(false);
    void sendRef.current();
  }, [sendTaken, generating, ready, model, sending]);

  const kindNames = (kinds: readonly string[]) =>
    kinds.map((kind) => t(`files.kinds.${kind}` as "files.kinds.image")).join(", ");
  const problems: string[] = [];
  if (missing.length > 0)
    problems.push(t("files.cannotTake", { model: modelLabel(model), kinds: kindNames(missing) }));
  if (overTotal) problems.push(overByNewFiles ? t("files.overTotal") : t("notices.documentsTooLarge"));
  if (files.leftOut > 0) {
    problems.push(t("files.tooMany", { count: files.leftOut, limit: MAX_ATTACHMENTS_PER_MESSAGE }));
  }
  if (tooLong) {
    problems.push(t("composer.tooLong", { length: sentLength(text), limit: MESSAGE_MAX_CHARACTERS }));
  }

  // Read at the press, not from the render: the pointer may have changed since (a tablet's trackpad).
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!enterSends(event.nativeEvent, touchScreen())) return;
    event.preventDefault();
    void send();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  return (
    <form ref={form} className="composer" onSubmit={onSubmit} data-dragging={dragging || undefined}>
      <div className="composer-box">
        {dragging && <p className="composer-drop-hint">{t("files.drop")}</p>}
        {files.files.length > 0 && (
          <ul className="file-chips" aria-label={t("files.attached")}>
            {files.files.map((f) => {
              const kind = fileKind({ name: f.file.name, type: f.file.type });
              const cannot = entry && kind && !entry.inputs.includes(kind);
              return (
                <FileChip
                  key={f.key}
                  name={f.file.name}
                  type={f.file.type}
                  size={f.file.size}
                  thumbnail={f.preview}
                  progress={f.status === "uploading" ? f.progress : undefined}
                  problem={
                    f.status === "error"
                      ? describeRefusal(f.error, f.file.name)
                      : cannot
                        ? t("files.cannotTake", { model: modelLabel(model), kinds: kindNames([kind]) })
                        : undefined
                  }
                  onRemove={() => files.remove(f.key)}
                />
              );
            })}
          </ul>
        )}
        {problems.length > 0 && (
          <ul className="composer-problems" role="alert" data-testid="composer-problems">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
            {overTotal && onEditLastQuestion ? (
              <li>
                <button type="button" className="link-button" onClick={onEditLastQuestion}>
                  {t("files.editPrevious")}
                </button>
              </li>
            ) : null}
          </ul>
        )}
        {/* What the tool needs, as a note: picking it is not a mistake to alert about. */}
        {imageOnly && (
          <p className="composer-note" data-testid="composer-note">
            {hasImage ? t("files.noPrompt") : t("files.needsImage", { model: modelLabel(model) })}
          </p>
        )}
        <textarea
          ref={area}
          className="composer-input"
          rows={1}
          value={text}
          placeholder={
            imageOnly
              ? t("files.noPromptPlaceholder", { model: modelLabel(model) })
              : t("composer.placeholder", { model: modelLabel(model) })
          }
          aria-label={t("composer.label")}
          aria-describedby="composer-hint"
          // The on-screen keyboard's key says what Enter does here.
          enterKeyHint={touch ? "enter" : "send"}
          onChange={(event) => change(event.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
        />
        <div className="composer-bar">
          <div className="composer-tools">
            <button
              type="button"
              className="composer-attach"
              onClick={() => picker.current?.click()}
              aria-label={t("files.attach")}
              title={t("files.attach")}
            >
              <Icon name="paperclip" size={18} />
            </button>
            <input
              ref={picker}
              type="file"
              multiple
              hidden
              accept={uploadAccept()}
              data-testid="composer-file-input"
              onChange={(event) => {
                add([...(event.target.files ?? [])]);
                event.target.value = "";
              }}
            />
            <ModelPicker groups={groups} value={model} onChange={onModelChange} files={local} />
          </div>
          {/* Keyed: Send is another button, not Stop's node relabelled (a disabled Send would drop the focus).
              Stop is aria-disabled while the stop is on its way, keeping the focus a disabled button drops. */}
          {generating ? (
            <button
              key="stop"
              type="button"
              className="composer-action stop"
              onClick={() => {
                if (!stopping) onStop();
              }}
              aria-disabled={stopping}
              aria-label={t("composer.stop")}
              title={t("composer.stop")}
            >
              <Icon name="stop" size={16} />
            </button>
          ) : (
            <button
              key="send"
              ref={sendButton}
              type="submit"
              className="composer-action send"
              disabled={!ready || sending || !model}
              aria-label={t("composer.send")}
              title={t("composer.send")}
            >
              <Icon name="send" size={18} />
            </button>
          )}
        </div>
      </div>
      <p id="composer-hint" className="composer-hint">
        {touch ? t("composer.hintTouch") : t("composer.hint")}
      </p>
    </form>
  );
}
