// The chat API's wire shapes, declared once: the routes' DTOs satisfy them and the client reads them.
import type { AttachmentWire } from "../files.ts";
import type { PressRecord } from "./midjourney.ts";
import type { ModelMessageMetadata } from "./stream-events.ts";

/**
 * A question that was a Midjourney button press keeps that press (read it with `recordedPress`). A type, not
 * an interface: metadata is written as a plain JSON record.
 */
type PressedQuestion = { pressed?: PressRecord };

/** What a message's metadata may hold: its role, for a model message how its generation went, and a press. */
export type MessageMetadata = { role: "user" | "assistant" } & Partial<Omit<ModelMessageMetadata, "role">> &
  PressedQuestion;
/** A chat as the API sends it (dates as ISO strings; the client converts them). */
export interface ChatWire {
  id: number;
  assistantId: number | null;
  title: string | null;
  model: string;
  createdAt: string;
  updatedAt: string;
  /** Set while the chat is shared (SPEC §2 `/shared/{publicId}`). */
  publicId: string | null;
}

/** One message, the user's or the model's. */
export interface MessageWire {
  id: number;
  chatId: number;
  role: "user" | "assistant";
  content: string;
  model: string | null;
  metadata: MessageMetadata;
  createdAt: string;
  /** The files sent with a user message (SPEC §3 attachment rows), shown as chips and thumbnails. */
  attachments?: AttachmentWire[];
}

/** What starting an answer returns: the new messages and the generation to follow on the stream. */
export interface AnswerWire {
  /** Null when regenerating (the question is already there). */
  userMessage: MessageWire | null;
  modelMessage: MessageWire;
  generationId: string;
}

/** POST /api/chat/new: the chat it made, and its first answer. */
export interface NewChatWire extends AnswerWire {
  chat: ChatWire;
}

/** GET /api/chat/:chatId — one page of messages, oldest first; `hasMore` when older ones exist. */
export interface ChatPageWire {
  chat: ChatWire;
  messages: MessageWire[];
  hasMore: boolean;
}

/** POST /api/assistants/chats — one page of an assistant's chats for the sidebar. */
export interface ChatListPageWire {
  chats: ChatWire[];
  hasNextPage: boolean;
}

/** POST /api/chat/share: the chat's public id and the page anyone can open. */
export interface ShareWire {
  publicId: string;
  url: string;
  /** Search engines may list the page (the owner's choice; noindex otherwise). */
  indexable: boolean;
}

/** POST /api/chat/fork: the new chat of one's own (whole, for the chat lists to show it at once). */
export interface ForkWire {
  chatId: number;
  chat: ChatWire;
}

/** A message as a shared page shows it: no chat id, images only through the share. */
export type SharedMessageWire = Omit<MessageWire, "chatId">;

/** GET /api/shared/{publicId}: the snapshot a share shows. */
export interface SharedChatWire {
  publicId: string;
  title: string;
  model: string;
  createdAt: string;
  /** Search engines may list the page (the owner's choice; noindex otherwise). */
  indexable: boolean;
  messages: SharedMessageWire[];
}
