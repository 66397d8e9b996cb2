// The composer's model picker: models grouped by category in the user's order, searchable, keyboard-driven,
// deprecated ones, local stand-ins and models that cannot take the attached files marked; a category line
// collapses and stays so (use-category-lines). The search field is an ARIA 1.2 combobox over one listbox per
// line (model-picker-lines); the lines' headers sit between them as tab stops; Escape, Tab off its end
// (picker-keys) or a press or the focus going outside (use-picker-dismiss) closes the popup.
import { useEffect, useId, useMemo, useRef, useState } from "react";
import type { PickerGroup } from "../../src/domain/chat/model-picker";
import { Icon } from "../components/icon";
import { useT } from "../i18n";
import { DemoTag, ModelIcon, modelLabel } from "./model-badge";
import { ModelPickerLines } from "./model-picker-lines";
import { pickerKeys } from "./picker-keys";
import { useCategoryLines } from "./use-category-lines";
import { useModelDescriptions } from "./use-model-descriptions";
import { usePickerDismiss } from "./use-picker-dismiss";

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
  // The active option by model, not by place: a line collapsed or expanded above it leaves it active.
  const [activeKey, setActiveKey] = useState<string | null>(null);
  // Which option an arrow key on the closed button asks for when the selected one is not listed.
  const openAt = useRef<"first" | "last">("first");
  // A press on the button while open takes the focus out of the popup, which closes it: the click that
  // follows must not open it again.
  const pressedWhileOpen = useRef(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const popup = useRef<HTMLDivElement>(null);

  // The descriptions' texts start loading when a pointer or the focus comes to the picker, before it opens.
  const [aboutToOpen, setAboutToOpen] = useState(false);
  const describe = useModelDescriptions(aboutToOpen || open);
  const lines = useCategoryLines();
  const searching = query.trim() !== "";
  const filtered = useMemo(() => {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    const matches = (text: string) => words.every((word) => text.toLowerCase().includes(word));
    return groups
      .map((group) => ({
        ...group,
        models: group.models.filter((m) => matches(`${m.label} ${m.longLabel} ${m.provider} ${m.key}`)),
        // A search shows every match, whatever lines the user collapsed.
        expanded: searching || lines.isExpanded(group.category),
      }))
      .filter((group) => group.models.length > 0);
  }, [groups, query, searching, lines]);
  // Closed, the picker forgets its search: opened again, it shows every model, the current one among them.
  useEffect(() => {
    if (!open) setQuery("");
  }, [open]);
  const options = filtered.flatMap((group) => (group.expanded ? group.models : []));
  const active = Math.max(
    0,
    options.findIndex((m) => m.key === activeKey),
  );
  const listboxes = filtered.filter((group) => group.expanded).map((group) => `${id}-list-${group.category}`);

  const close = () => setOpen(false);
  usePickerDismiss({ open, close, root, popup });

  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the picker opens.
  useEffect(() => {
    if (!open) return;
    search.current?.focus();
    const selected = options.find((m) => m.key === value);
    setActiveKey((selected ?? (openAt.current === "last" ? options.at(-1) : options[0]))?.key ?? null);
    openAt.current = "first";
  }, [open]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: when another option becomes active, not when lines move.
  useEffect(() => {
    document.getElementById(`${id}-option-${active}`)?.scrollIntoView({ block: "nearest" });
  }, [activeKey, id]);

  const choose = (key: string) => {
    onChange(key);
    close();
    button.current?.focus();
  };
  const keys = pickerKeys({
    count: options.length,
    active,
    activate: (index) => setActiveKey(options[index]?.key ?? null),
    choose: (index) => {
      const key = options[index]?.key;
      if (key) choose(key);
    },
    close,
    search,
    button,
  });

  return (
    <div className="model-picker" ref={root}>
      <button
        ref={button}
        type="button"
        className="model-picker-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? `${id}-popup` : undefined}
        onPointerDown={() => {
          pressedWhileOpen.current = open;
        }}
        onClick={() => {
          const close = pressedWhileOpen.current;
          pressedWhileOpen.current = false;
          setOpen((o) => !close && !o);
        }}
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
        {/* Named by what it shows, "demo" tag included, after a hidden "Model:" (WCAG 2.5.3: a voice user
            says what they see; an aria-label left the tag out). */}
        <span className="visually-hidden">{t("picker.label", { model: "" })}</span>
        <ModelIcon modelKey={value} size={18} />
        <span className="model-picker-label">{modelLabel(value)}</span>
        <DemoTag modelKey={value} />
        <Icon name="chevronDown" size={16} />
      </button>
      {open && (
        <div
          ref={popup}
          id={`${id}-popup`}
          className="model-picker-popup"
          role="dialog"
          aria-label={t("picker.title")}
          // A click on the popup's padding keeps the focus inside, where Escape is heard.
          tabIndex={-1}
          onKeyDown={keys.onPopupKey}
        >
          <input
            ref={search}
            className="model-picker-search"
            type="search"
            role="combobox"
            placeholder={t("picker.search")}
            aria-label={t("picker.search")}
            aria-expanded={listboxes.length > 0}
            aria-controls={listboxes.length ? listboxes.join(" ") : undefined}
            aria-autocomplete="list"
            aria-activedescendant={options.length ? `${id}-option-${active}` : undefined}
            autoComplete="off"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActiveKey(null);
            }}
            onKeyDown={keys.onSearchKey}
          />
          {/* Not a tab stop (Chromium makes a scrolling box one): the arrows move through its options. */}
          <div className="model-picker-list" tabIndex={-1}>
            {filtered.length === 0 && <p className="model-picker-empty">{t("picker.noMatch")}</p>}
            <ModelPickerLines
              id={id}
              lines={filtered}
              searching={searching}
              value={value}
              active={active}
              files={files}
              describe={describe}
              search={search}
              onToggle={lines.toggle}
              onHeaderKey={keys.onHeaderKey}
              onPoint={setActiveKey}
              onChoose={choose}
            />
          </div>
        </div>
      )}
    </div>
  );
}
