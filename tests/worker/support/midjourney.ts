// Midjourney steps shared by the Worker tests: a chat with its finished grid, a button pressed, what came back.
import { expect } from "vitest";
import type { StreamImage } from "../../../src/domain/chat/stream-events";
import { api, type SseEvent } from "./api";
import { readToDone, startChat } from "./chats";
import { uniqueTag } from "./upstreams";

export const imagesOf = (events: SseEvent[]): StreamImage[] =>
  events.flatMap((e) => (e.event.type === "image" ? [e.event.image] : []));

/** Width of a PNG, from its IHDR chunk. */
const pngWidth = (bytes: ArrayBuffer) => new DataView(bytes).getUint32(16);

/** The width of a picture as the API serves it (the stand-in: a grid 64 px, variations 48, an upscale 32). */
export async function servedWidth(cookie: string, url: string): Promise<number> {
  const res = await api(url, { cookie });
  expect(res.status).toBe(200);
  return pngWidth(await res.arrayBuffer());
}

/** A Midjourney chat with its finished grid. */
export async function gridChat(cookie: string) {
  const tag = uniqueTag("castle");
  const started = await startChat(cookie, `a castle on a hill ${tag}`, { model: "midjourney" });
  const events = await readToDone(cookie, started.chat.id);
  expect(events.at(-1)?.event).toMatchObject({ type: "done", outcome: "done" });
  const [grid] = imagesOf(events);
  if (!grid?.choices) throw new Error("the grid offered no choices");
  return { chatId: started.chat.id, gridId: started.modelMessage.id, grid, choices: grid.choices };
}

/** POST /api/chat/send pressing `choice` under message `messageId`, as the chat does. */
export const press = (
  cookie: string,
  chatId: number,
  messageId: number,
  choice: string,
  extra: object = {},
) =>
  api("/api/chat/send", {
    cookie,
    body: { chatId, content: "", midjourneyAction: { messageId, choice }, ...extra },
  });

/** The button `label` among `choices`, which must be there. */
export function choiceOf<C extends { label: string }>(choices: readonly C[] | undefined, label: string): C {
  const found = choices?.find((c) => c.label === label);
  if (!found) throw new Error(`no ${label} among ${choices?.map((c) => c.label).join(", ")}`);
  return found;
}
