// /api/chat/:chatId (a page of a chat's messages) and /api/chat/:chatId/stream (its live answer): the reads that
// check their session in their one statement (src/middleware/session.ts leaves it to them).
import { Hono } from "hono";
import { z } from "zod";
import { senderOf } from "../answers/sender";
import { parseLastEventId } from "../chat/sse";
import { chatStreamOf } from "../chat/stub";
import { readChatPage } from "../db/chat-page";
import { isOwnChat } from "../db/chats";
import { oneShot } from "../db/client";
import type { ChatPageWire } from "../domain/chat/wire";
import type { AppEnv } from "../env";
import { notFound } from "../errors";
import { sessionOrUser } from "../middleware/session";
import { validate } from "../middleware/validate";
import { chatDto, messageDto } from "./dto";
import { digitsSchema, idSchema } from "./schemas";

const PAGE_DEFAULT = 50;
const PAGE_MAX = 200;

const chatParam = z.object({ chatId: idSchema });

export const chatReadRoutes = new Hono<AppEnv>()
  .get(
    "/:chatId",
    validate("param", chatParam),
    validate(
      "query",
      z.object({
        before: idSchema.optional(),
        limit: digitsSchema(1, PAGE_MAX).default(PAGE_DEFAULT),
      }),
    ),
    async (c) => {
      const { chatId } = c.req.valid("param");
      const { before, limit } = c.req.valid("query");
      // One statement over the HTTP endpoint, with the session: opening a chat makes no connection first.
      const page = await readChatPage(oneShot(c.env), {
        sender: senderOf(sessionOrUser(c)).sender,
        chatId,
        before,
        limit,
      });
      if (!page) throw notFound("No such chat.");
      const { files } = page;
      return c.json({
        chat: chatDto(page.chat),
        messages: page.messages.map((m) =>
          messageDto(
            m,
            files.filter((f) => f.messageId === m.id),
          ),
        ),
        hasMore: page.hasMore,
      } satisfies ChatPageWire);
    },
  )
  .get("/:chatId/stream", validate("param", chatParam), async (c) => {
    const { chatId } = c.req.valid("param");
    // One statement over the HTTP endpoint, with the session: the reader attaches before a fast model's first token.
    const own = await isOwnChat(oneShot(c.env), { sender: senderOf(sessionOrUser(c)).sender, chatId });
    if (!own) throw notFound("No such chat.");
    const headers = new Headers();
    // Only an id the stream could have sent goes on (anything else reads as "from the start" there too): a
    // raw value with a line break or NUL would not even make a header.
    const last = parseLastEventId(c.req.header("Last-Event-ID") ?? c.req.query("lastEventId"));
    if (last > 0) headers.set("Last-Event-ID", String(last));
    return chatStreamOf(c.env, chatId).fetch(new Request("https://chat-stream/stream", { headers }));
  });
