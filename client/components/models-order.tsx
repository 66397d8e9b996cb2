// The ordered model lists per category, reordered by drag and drop (pointer, touch or keyboard) or with
// the up and down buttons: the user's own, saved to the server at once, or an assistant's, saved with it.
import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useId, useState } from "react";
import {
  CONFIGURATION_KEY_OF,
  defaultModelsConfiguration,
  MODEL_CATEGORIES,
  type ModelCategory,
  type ModelsConfiguration,
  modelByKey,
} from "../../src/domain/models";
import { useSaveModelsConfiguration } from "../hooks/use-preferences";
import { useT } from "../i18n";
import { Icon } from "./icon";
import { rovingTabs } from "./tabs";
import "./models-order.css";

const labelOf = (key: string) => modelByKey(key)?.label ?? key;

function ModelRow({
  modelKey,
  index,
  count,
  move,
  offered,
  isDefault,
}: {
  modelKey: string;
  index: number;
  count: number;
  move: (from: number, to: number) => void;
  /** This deployment offers the model (its provider has a key); others keep their place but are marked. */
  offered: boolean;
  isDefault: boolean;
}) {
  const t = useT("account");
  const model = modelByKey(modelKey);
  const label = labelOf(modelKey);
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: modelKey,
  });
  return (
    <li
      ref={setNodeRef}
      className="model-row"
      data-dragging={isDragging}
      data-offered={offered}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <button
        type="button"
        className="icon-button drag-handle"
        {...attributes}
        {...listeners}
        aria-label={t("models.drag", { model: label })}
      >
        <Icon name="grip" />
      </button>
      {model ? (
        <>
          <img className="model-icon light-only" src={model.icon} alt="" width={22} height={22} />
          <img className="model-icon dark-only" src={model.darkIcon} alt="" width={22} height={22} />
        </>
      ) : null}
      <span className="model-label">{label}</span>
      {isDefault ? <span className="badge">{t("models.default")}</span> : null}
      {offered ? null : <span className="badge state-important">{t("models.unavailable")}</span>}
      <span className="model-moves">
        {/* aria-disabled at the ends, not disabled: the row moves with its focused button (keyed by model), and
            the Move up that brought it to the top would otherwise drop the focus to the page. */}
        <button
          type="button"
          className="icon-button"
          aria-disabled={index === 0}
          aria-label={t("models.moveUp", { model: label })}
          onClick={() => index > 0 && move(index, index - 1)}
        >
          <Icon name="chevronUp" />
        </button>
        <button
          type="button"
          className="icon-button"
          aria-disabled={index === count - 1}
          aria-label={t("models.moveDown", { model: label })}
          onClick={() => index < count - 1 && move(index, index + 1)}
        >
          <Icon name="chevronDown" />
        </button>
      </span>
    </li>
  );
}

/** The user's own order, saved at every change. */
export function ModelsOrder({
  configuration,
  available,
}: {
  configuration: ModelsConfiguration;
  /** The keys this deployment offers (the session user's `models.available`). */
  available: readonly string[];
}) {
  const t = useT("account");
  const save = useSaveModelsConfiguration();
  const status = save.isPending
    ? t("models.saving")
    : save.isError
      ? t("models.failed")
      : save.isSuccess
        ? t("models.saved")
        : "";
  return (
    <ModelsOrderEditor
      configuration={configuration}
      available={available}
      onChange={save.mutate}
      status={status}
    />
  );
}

/** The editor alone: `onChange` gets each new configuration; `status` says how saving it goes. */
export function ModelsOrderEditor({
  configuration,
  available,
  onChange,
  status = "",
}: {
  configuration: ModelsConfiguration;
  /** The keys this deployment offers; the others keep their place, marked. Absent: all are offered. */
  available?: readonly string[];
  onChange: (next: ModelsConfiguration) => void;
  status?: string;
}) {
  const t = useT("account");
  // Ids of this editor's own: another one on the page (an assistant's beside the user's) has its own.
  const id = useId();
  const [category, setCategory] = useState<ModelCategory>("text");
  const tab = rovingTabs(MODEL_CATEGORIES, category, setCategory);
  const key = CONFIGURATION_KEY_OF[category];
  const list = configuration[key];
  // The picker's default is the first model on offer, not the first of the list.
  const isOffered = (modelKey: string) => available?.includes(modelKey) ?? true;
  const firstOffered = list.find(isOffered);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const saveList = (next: string[]) => onChange({ ...configuration, [key]: next });
  const move = (from: number, to: number) => {
    if (to < 0 || to >= list.length || from === to) return;
    saveList(arrayMove(list, from, to));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) move(list.indexOf(String(active.id)), list.indexOf(String(over.id)));
  };

  const position = (id: string | number) => list.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t("models.announce.start", { model: labelOf(String(active.id)) }),
    onDragOver: ({ active, over }) =>
      over
        ? t("models.announce.over", { model: labelOf(String(active.id)), position: position(over.id) })
        : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t("models.announce.end", { model: labelOf(String(active.id)), position: position(over.id) })
        : undefined,
    onDragCancel: ({ active }) => t("models.announce.cancel", { model: labelOf(String(active.id)) }),
  };

  return (
    <div className="models-order">
      <div className="tabs" role="tablist" aria-label={t("models.categories")}>
        {MODEL_CATEGORIES.map((c) => (
          <button
            key={c}
            type="button"
            {...tab(c)}
            id={`${id}-tab-${c}`}
            aria-controls={`${id}-panel`}
            className="tab"
          >
            {t(`models.category.${c}`)}
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${category}`}>
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ announcements, screenReaderInstructions: { draggable: t("models.instructions") } }}
        >
          <SortableContext items={list} strategy={verticalListSortingStrategy}>
            <ol className="model-list" data-testid={`models-${category}`}>
              {list.map((modelKey, index) => (
                <ModelRow
                  key={modelKey}
                  modelKey={modelKey}
                  index={index}
                  count={list.length}
                  move={move}
                  offered={isOffered(modelKey)}
                  isDefault={modelKey === firstOffered}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      </div>
      <div className="models-footer">
        <button
          type="button"
          className="button secondary small"
          onClick={() => saveList(defaultModelsConfiguration()[key])}
        >
          {t("models.reset")}
        </button>
        <span className="hint" role="status">
          {status}
        </span>
      </div>
    </div>
  );
}
