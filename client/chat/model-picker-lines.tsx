// The model picker's category lines: each line's header (it collapses and expands the line) and, expanded, its
// listbox of models; the options are numbered across the lines, as the search field's arrows walk them.
import type { KeyboardEvent, RefObject } from "react";
import type { PickerGroup } from "../../src/domain/chat/model-picker";
import type { ModelCategory } from "../../src/domain/models";
import { Icon } from "../components/icon";
import { useT } from "../i18n";
import { ModelOption } from "./model-option";

export type PickerLine = PickerGroup & { expanded: boolean };

export function ModelPickerLines({
  id,
  lines,
  searching,
  value,
  active,
  files,
  describe,
  search,
  onToggle,
  onHeaderKey,
  onPoint,
  onChoose,
}: {
  /** The picker's own id, which every header, listbox and option id starts with. */
  id: string;
  lines: readonly PickerLine[];
  searching: boolean;
  value: string | null;
  active: number;
  files: readonly { name: string; type: string }[];
  describe(model: { key: string; description: string }): string;
  search: RefObject<HTMLInputElement | null>;
  onToggle(category: ModelCategory): void;
  onHeaderKey(event: KeyboardEvent, firstBelow: number): void;
  onPoint(key: string): void;
  onChoose(key: string): void;
}) {
  const t = useT("chat");
  let index = -1;
  return lines.map((group) => {
    const firstBelow = index + 1;
    const header = `${id}-group-${group.category}`;
    const list = `${id}-list-${group.category}`;
    return (
      // Each line's header is a button outside its listbox (a listbox holds options only), in the tab order so
      // that a collapsed line opens again from the keyboard.
      <div key={group.category} className="model-picker-line">
        <button
          type="button"
          id={header}
          className="model-picker-group"
          aria-expanded={group.expanded}
          aria-controls={group.expanded ? list : undefined}
          // A search shows every line open: pressed then, a header would flip the saved choice with nothing to
          // see, and the line would be found closed once the search is cleared.
          aria-disabled={searching || undefined}
          data-category={group.category}
          onClick={(event) => {
            if (!searching) onToggle(group.category);
            // From a pointer, typing goes on in the search field; from the keyboard, the focus stays.
            if (event.detail > 0) search.current?.focus();
          }}
          onKeyDown={(event) => onHeaderKey(event, firstBelow)}
        >
          <Icon name="chevronDown" size={14} className="model-picker-chevron" />
          {t(`picker.categories.${group.category}`)}
        </button>
        {group.expanded && (
          <div id={list} role="listbox" aria-labelledby={header}>
            {group.models.map((model) => {
              index += 1;
              const at = index;
              return (
                <ModelOption
                  key={model.key}
                  id={`${id}-option-${at}`}
                  model={model}
                  files={files}
                  description={describe(model)}
                  selected={model.key === value}
                  active={at === active}
                  onPoint={() => onPoint(model.key)}
                  onChoose={() => onChoose(model.key)}
                />
              );
            })}
          </div>
        )}
      </div>
    );
  });
}
