// The composer's model picker: models grouped by category in the user's order, searchable, keyboard-driven,
// deprecated ones, local stand-ins and models that cannot take the attached files marked; a category line
// collapses and stays so (use-category-lines).
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import type { PickerGroup } from "../../src/domain/chat/model-picker";
import { unacceptedKinds } from "../../src/domain/files";
import { Icon } from "../components/icon";
import { useT } from "../i18n";
import { DemoTag, ModelIcon, modelLabel } from "./model-badge";
import { useCategoryLines } from "./use-category-lines";
import { useModelDescriptions } from "./use-model-descriptions";

export function ModelPicker({
  groups,
  value,
  onChange,
  files = [],
}: {
  groups: readonly PickerGroup[];
  value: string | null;
  onChange(model: string): void;
  /** The files attached in the composer: models that cannot take them say so before they are picked. */
  files?: readonly { name: string; type: string }[];
}) {
  const t = useT("chat");
  const id = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  // Which option an arrow key on the closed button asks for when the selected one is not listed.
  const openAt = useRef<"first" | "last">("first");
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const search = useRef<HTMLInputElement>(null);

  // The descriptions' texts start loading when a pointer or the focus comes to the picker, before it opens.
  const [aboutToOpen, setAboutToOpen] = useState(false);
  const describe = useModelDescriptions(aboutToOpen || open);
  const lines = useCategoryLines();
  const filtered = useMemo(() => {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    const matches = (text: string) => words.every((word) => text.toLowerCase().includes(word));
    return groups
      .map((group) => ({
        ...group,
        models: group.models.filter((m) => matches(`${m.label} ${m.longLabel} ${m.provider} ${m.key}`)),
        // A search shows every match, whatever lines the user collapsed.
        expanded: words.length > 0 || lines.isExpanded(group.category),
      }))
      .filter((group) => group.models.length > 0);
  }, [groups, query, lines]);
  const options = filtered.flatMap((group) => (group.expanded ? group.models : []));
  const cannotTake = (model: PickerGroup["models"][number]) => unacceptedKinds(model, files);

  useEffect(() => {
    if (!open) return;
    const close = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", close);
    return () => document.removeEventListener("pointerdown", close);
  }, [open]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the picker opens.
  useEffect(() => {
    if (!open) return;
    search.current?.focus();
    const selected = options.findIndex((m) => m.key === value);
    setActive(selected >= 0 ? selected : openAt.current === "last" ? Math.max(0, options.length - 1) : 0);
    openAt.current = "first";
  }, [open]);

  useEffect(() => {
    document.getElementById(`${id}-option-${active}`)?.scrollIntoView({ block: "nearest" });
  }, [active, id]);

  const choose = (key: string) => {
    onChange(key);
    setOpen(false);
    setQuery("");
    button.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (event.key === "ArrowDown") {
      event.preventDefault();
      setActive((i) => Math.min(options.length - 1, i + 1));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (event.key === "Enter") {
      event.preventDefault();
      const option = options[active];
      if (option) choose(option.key);
    }
  };

  let index = -1;
  return (
    <div className="model-picker" ref={root}>
      <button
        ref={button}
        type="button"
        className="model-picker-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? `${id}-popup` : undefined}
        aria-label={t("picker.label", { model: modelLabel(value) })}
        onClick={() => setOpen((o) => !o)}
        // The listbox button pattern: the arrows open it too, Up starting from the end.
        onKeyDown={(event) => {
          if (open || (event.key !== "ArrowDown" && event.key !== "ArrowUp")) return;
          event.preventDefault();
          openAt.current = event.key === "ArrowUp" ? "last" : "first";
          setOpen(true);
        }}
        onPointerEnter={() => setAboutToOpen(true)}
        onFocus={() => setAboutToOpen(true)}
      >
        <ModelIcon modelKey={value} size={18} />
        <span className="model-picker-label">{modelLabel(value)}</span>
        <DemoTag modelKey={value} />
        <Icon name="chevronDown" size={16} />
      </button>
      {open && (
        <div id={`${id}-popup`} className="model-picker-popup" role="dialog" aria-label={t("picker.title")}>
          <input
            ref={search}
            className="model-picker-search"
            type="search"
            placeholder={t("picker.search")}
            aria-label={t("picker.search")}
            aria-controls={`${id}-listbox`}
            aria-activedescendant={options.length ? `${id}-option-${active}` : undefined}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
          />
          <div
            id={`${id}-listbox`}
            role="listbox"
            className="model-picker-list"
            aria-label={t("picker.title")}
          >
            {filtered.length === 0 && <p className="model-picker-empty">{t("picker.noMatch")}</p>}
            {filtered.map((group) => (
              // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role=group, not fieldsets.
              <div key={group.category} role="group" aria-labelledby={`${id}-group-${group.category}`}>
                <button
                  type="button"
                  id={`${id}-group-${group.category}`}
                  className="model-picker-group"
                  aria-expanded={group.expanded}
                  data-category={group.category}
                  tabIndex={-1}
                  onClick={() => {
                    lines.toggle(group.category);
                    setActive(0);
                    search.current?.focus();
                  }}
                >
                  <Icon name="chevronDown" size={14} className="model-picker-chevron" />
                  {t(`picker.categories.${group.category}`)}
                </button>
                {(group.expanded ? group.models : []).map((model) => {
                  index += 1;
                  const at = index;
                  return (
                    <div
                      key={model.key}
                      id={`${id}-option-${at}`}
                      role="option"
                      tabIndex={-1}
                      aria-selected={model.key === value}
                      data-active={at === active || undefined}
                      data-model={model.key}
                      className="model-option"
                      onPointerMove={() => setActive(at)}
                      onClick={() => choose(model.key)}
                      onKeyDown={onKeyDown}
                    >
                      <ModelIcon modelKey={model.key} size={18} />
                      <span className="model-option-text">
                        <span className="model-option-label">
                          {model.label} <DemoTag modelKey={model.key} />
                        </span>
                        <span className="model-option-description">{describe(model)}</span>
                        {cannotTake(model).length > 0 && (
                          <span className="model-option-cannot">
                            {t("files.pickerCannot", {
                              kinds: cannotTake(model)
                                .map((kind) => t(`files.kinds.${kind}`))
                                .join(", "),
                            })}
                          </span>
                        )}
                      </span>
                      {model.deprecated && (
                        <span className="badge state-important">{t("picker.deprecated")}</span>
                      )}
                      {model.key === value && <Icon name="check" size={16} />}
                    </div>
                  );
                })}
              </div>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
