// What the model is sent: the assistant's preprompt as the system message and the chat's recent history.

import type { AttachmentRow } from "../db/attachments";
import type { MessageRow } from "../db/messages";
import { type ContextAttachment, type ContextMessage, trimContext } from "../domain/chat/context";
import { isDocument } from "../domain/files";
import type { ModelEntry } from "../domain/models";

const roleOf = (m: MessageRow): "user" | "assistant" => (m.metadata.role === "user" ? "user" : "assistant");

/** What a context is made of, read before anything is recorded (src/answers/send-reads.ts). */
export interface ContextSources {
  /** The assistant the chat is under, if any: its preprompt is the system message. */
  assistant: { preprompt: string } | null;
  /** The chat's newest messages, oldest first (none for a new chat). */
  recent: MessageRow[];
  /** Files of the chat's messages: they go again with their messages. */
  stored: AttachmentRow[];
}

/** The system message and the history that fits the model's window, the new question last. */
export function buildContext(
  { assistant, recent, stored }: ContextSources,
  input: {
    model: ModelEntry;
    /** Messages from this id on are being replaced (edit, regenerate): left out. */
    replacingFromId?: number;
    /** The new question, when there is one: it closes the history. */
    question: MessageRow | null;
    /** The files sent with the new question (already known: no need to read them back). */
    questionAttachments?: readonly AttachmentRow[];
  },
): { system: string | undefined; messages: ContextMessage[] } {
  const cut = input.replacingFromId;
  const kept = recent.filter((m) => (cut === undefined || m.id < cut) && m.id !== input.question?.id);
  if (input.question) kept.push(input.question);
  const system = assistant?.preprompt || undefined;
  const filesOf = new Map<number, ContextAttachment[]>();
  // Documents never go raw: the document pipeline passes their passages for the question instead.
  const documentsOf = new Map<number, string[]>();
  for (const row of [...stored, ...(input.questionAttachments ?? [])]) {
    if (row.messageId === null) continue;
    if (isDocument(row)) {
      documentsOf.set(row.messageId, [...(documentsOf.get(row.messageId) ?? []), row.name ?? "document"]);
      continue;
    }
    const ref = contextAttachment(row);
    if (ref) filesOf.set(row.messageId, [...(filesOf.get(row.messageId) ?? []), ref]);
  }
  const history = kept
    .map((m): ContextMessage => {
      const attachments = filesOf.get(m.id);
      const documents = documentsOf.get(m.id);
      // A message that only carried documents still says so, or the model would see an empty turn.
      const content = m.content.trim() || !documents ? m.content : `(Attached: ${documents.join(", ")})`;
      return attachments ? { role: roleOf(m), content, attachments } : { role: roleOf(m), content };
    })
    .filter((m) => m.content.trim() !== "" || (m.attachments?.length ?? 0) > 0);
  return { system, messages: trimContext(history, { contextWindow: input.model.contextWindow, system }) };
}

function contextAttachment(row: AttachmentRow): ContextAttachment | null {
  const location = row.content?.location;
  if (typeof location !== "string") return null;
  return { name: row.name ?? "file", type: row.type ?? "application/octet-stream", location, size: row.size };
}
