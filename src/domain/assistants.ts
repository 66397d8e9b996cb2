// Custom assistants (SPEC §3): the wire shape, the field limits, the 7-colour palette and icon set, label rules.
import type { AttachmentWire } from "./files.ts";
import type { ModelsConfiguration } from "./models/index.ts";

/** SPEC §3 column caps. */
export const ASSISTANT_LABEL_MAX = 200;
export const ASSISTANT_IMAGE_MAX = 50;
export const ASSISTANT_PROP_MAX = 50;
/** Ours: a preprompt is a system message, not a document (files are for those). */
export const ASSISTANT_PREPROMPT_MAX = 20_000;

/** SPEC §3: the product's name in capitals labels the built-in assistant. */
export const DEFAULT_ASSISTANT_LABEL = "SWITCHBOARD";

/** SPEC §3's palette of 7 default colours, stored by name in `prop`; the values are the swatches' fills. */
export const ASSISTANT_COLORS = {
  green: "#2f8f5b",
  blue: "#2f6fb3",
  violet: "#7550b8",
  pink: "#c2477f",
  red: "#c0483a",
  orange: "#c7731f",
  brown: "#8e6e59",
} as const;

export type AssistantColor = keyof typeof ASSISTANT_COLORS;
export const ASSISTANT_COLOR_NAMES = Object.keys(ASSISTANT_COLORS) as AssistantColor[];

/** The icons an assistant may wear (`image`): emoji, so they need no upload and read the same everywhere. */
export const ASSISTANT_ICONS = [
  "🤖",
  "✍️",
  "💡",
  "📚",
  "🧑‍💻",
  "🎨",
  "🌍",
  "🔬",
  "📈",
  "🧭",
  "🍳",
  "🎓",
] as const;

export type AssistantIcon = (typeof ASSISTANT_ICONS)[number];

/** One of the icons the editor offers, exactly as it offers it (nothing else is stored in `image`). */
export const isAssistantIcon = (value: unknown): value is AssistantIcon =>
  typeof value === "string" && (ASSISTANT_ICONS as readonly string[]).includes(value);

export const isAssistantColor = (value: unknown): value is AssistantColor =>
  typeof value === "string" && Object.hasOwn(ASSISTANT_COLORS, value);

/** The swatch of a stored `prop`; anything else (none, or a colour since retired) shows the first one. */
export const colorOf = (prop: string | null | undefined): string =>
  isAssistantColor(prop) ? ASSISTANT_COLORS[prop] : ASSISTANT_COLORS.green;

/** Labels are compared as stored: trimmed, inner runs of whitespace kept (they are the user's). */
export const normalizeLabel = (label: string): string => label.trim();

/** A label the user may not take: the built-in assistant's, in any case. */
export const isReservedLabel = (label: string): boolean =>
  normalizeLabel(label).toLocaleUpperCase("en") === DEFAULT_ASSISTANT_LABEL;

/** `/app/assistants/{action}`: `new`, or the digits of one of the user's assistants. */
export type AssistantAction = { kind: "new" } | { kind: "edit"; id: number };

export function assistantActionOf(action: string | undefined): AssistantAction | null {
  if (action === "new") return { kind: "new" };
  if (action !== undefined && /^\d{1,15}$/.test(action) && Number(action) > 0)
    return { kind: "edit", id: Number(action) };
  return null;
}

/** An assistant as the API sends it. A null modelsConfiguration uses the user's own. */
export interface AssistantWire {
  id: number;
  label: string;
  preprompt: string;
  image: string | null;
  prop: string | null;
  modelsConfiguration: ModelsConfiguration | null;
  /** Its files (SPEC §3), oldest first: context for every chat of it. */
  attachments: AttachmentWire[];
}

/** POST /api/assistants/delete: how many chats went to the default assistant. */
export interface AssistantDeletedWire {
  ok: true;
  movedChats: number;
}
