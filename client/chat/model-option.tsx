// One model in the picker's listbox: its icon, name, description, what it cannot take of the attached files,
// whether it is deprecated, and a check when it is the chat's model.
import type { PickerGroup } from "../../src/domain/chat/model-picker";
import { unacceptedKinds } from "../../src/domain/files";
import { Icon } from "../components/icon";
import { useT } from "../i18n";
import { DemoTag, ModelIcon } from "./model-badge";

export function ModelOption({
  id,
  model,
  files,
  description,
  selected,
  active,
  onPoint,
  onChoose,
}: {
  id: string;
  model: PickerGroup["models"][number];
  files: readonly { name: string; type: string }[];
  description: string;
  selected: boolean;
  active: boolean;
  onPoint(): void;
  onChoose(): void;
}) {
  const t = useT("chat");
  const cannot = unacceptedKinds(model, files);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the search field owns the keyboard (aria-activedescendant).
    <div
      id={id}
      role="option"
      tabIndex={-1}
      aria-selected={selected}
      data-active={active || undefined}
      data-model={model.key}
      className="model-option"
      onPointerMove={onPoint}
      onClick={onChoose}
    >
      <ModelIcon modelKey={model.key} size={18} />
      <span className="model-option-text">
        <span className="model-option-label">
          {model.label} <DemoTag modelKey={model.key} />
        </span>
        <span className="model-option-description">{description}</span>
        {cannot.length > 0 && (
          <span className="model-option-cannot">
            {t("files.pickerCannot", { kinds: cannot.map((kind) => t(`files.kinds.${kind}`)).join(", ") })}
          </span>
        )}
      </span>
      {model.deprecated && <span className="badge state-important">{t("picker.deprecated")}</span>}
      {selected && <Icon name="check" size={16} />}
    </div>
  );
}
