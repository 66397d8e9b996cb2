// The chat API's wire shapes, declared once: the routes' DTOs satisfy them and the client reads them.
import type { ModelMessageMetadata } from "./stream-events.ts";

/** What a message's metadata may hold: its role, and for a model message how its generation went. */
export type MessageMetadata = { role: "user" | "assistant" } & Partial<Omit<ModelMessageMetadata, "role">>;
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
