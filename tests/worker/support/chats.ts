// Chat steps shared by the Worker tests: start an answer, read its stream to the end, read the chat back.
import { expect } from "vitest";
import { assistant } from "../../../drizzle/schema";
import { withDb } from "./accounts";
import { api, json, readSse, type SseEvent } from "./api";

export interface StartedChat {
  chat: { id: number; title: string; model: string };
  userMessage: { id: number; content: string };
  modelMessage: { id: number; metadata: { done: boolean } };
  generationId: string;
}

export interface SavedMessage {
  id: number;
  role: "user" | "assistant";
  content: string;
  model: string | null;
  metadata: Record<string, unknown>;
}

export async function startChat(
  cookie: string,
  content: string,
  { model = "test", assistantId = "default" }: { model?: string; assistantId?: string | number } = {},
): Promise<StartedChat> {
  const res = await api("/api/chat/new", { cookie, body: { assistantId, model, content } });
  expect(res.status, await res.clone().text()).toBe(201);
  return json<StartedChat>(res);
}

/** POSTs a chat action (send, edit, regenerate) that starts an answer, expecting 201. */
export async function startAnswer(cookie: string, action: "send" | "edit" | "regenerate", body: object) {
  const res = await api(`/api/chat/${action}`, { cookie, body });
  expect(res.status, await res.clone().text()).toBe(201);
  return json<{ userMessage: { id: number } | null; modelMessage: { id: number }; generationId: string }>(
    res,
  );
}

export const untilDone = (e: SseEvent) => e.event.type === "done";

export const openStream = (cookie: string, chatId: number, lastEventId?: number) =>
  api(`/api/chat/${chatId}/stream`, {
    cookie,
    headers: lastEventId ? { "Last-Event-ID": String(lastEventId) } : {},
  });

/** Reads the chat's live answer to its `done` event. */
export async function readToDone(cookie: string, chatId: number): Promise<SseEvent[]> {
  const events = await readSse(await openStream(cookie, chatId), untilDone);
  expect(events.at(-1)?.event.type).toBe("done");
  return events;
}

export async function readChat(cookie: string, chatId: number, query = "") {
  const res = await api(`/api/chat/${chatId}${query}`, { cookie });
  expect(res.status).toBe(200);
  return json<{ chat: { id: number; title: string }; messages: SavedMessage[]; hasMore: boolean }>(res);
}

export async function makeAssistant(userId: number, label: string, preprompt = "") {
  return withDb(async (db) => {
    const [row] = await db.insert(assistant).values({ userId, label, preprompt }).returning();
    if (!row) throw new Error("assistant not created");
    return row;
  });
}
