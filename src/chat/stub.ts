// The ChatStream object of a chat: one per chat id, so every device and tab of a chat meets the same stream.
import type { Env } from "../env";
import type { ChatStream } from "./chat-stream";

export const chatStreamOf = (env: Env, chatId: number) =>
  env.CHAT_STREAM.get(env.CHAT_STREAM.idFromName(`chat:${chatId}`)) as DurableObjectStub<ChatStream>;
