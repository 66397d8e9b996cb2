// /api/assistants: the user's assistants and, per assistant, its chats page by page (SPEC §7).
import { Hono } from "hono";
import { z } from "zod";
import { getAssistant, listAssistants } from "../db/assistants";
import { listChats } from "../db/chats";
import type { ChatListPageWire } from "../domain/chat/wire";
import { isKnownModelKey } from "../domain/models";
import type { AppEnv } from "../env";
import { notFound } from "../errors";
import { signedInUser } from "../middleware/session";
import { validate } from "../middleware/validate";
import { chatDto } from "./dto";
import { assistantIdSchema } from "./schemas";

export const assistantRoutes = new Hono<AppEnv>()
  .get("/all", async (c) => {
    const rows = await listAssistants(c.var.db(), { userId: signedInUser(c).id });
    return c.json(
      rows.map((a) => ({
        id: a.id,
        label: a.label,
        preprompt: a.preprompt,
        image: a.image,
        prop: a.prop,
        modelsConfiguration: a.modelsConfiguration,
      })),
    );
  })
  .post(
    "/chats",
    validate(
      "json",
      z.object({
        assistantId: assistantIdSchema,
        limit: z.number().int().min(1).max(100).default(30),
        offset: z.number().int().min(0).max(1_000_000).default(0),
      }),
    ),
    async (c) => {
      const { assistantId, limit, offset } = c.req.valid("json");
      const userId = signedInUser(c).id;
      const db = c.var.db();
      if (assistantId !== null && !(await getAssistant(db, { userId, assistantId })))
        throw notFound("No such assistant.");
      const page = await listChats(db, { userId, assistantId, limit, offset });
      // SPEC §3: chats whose model left the catalogue are not shown.
      const chats = page.chats.filter((chat) => isKnownModelKey(chat.model)).map(chatDto);
      return c.json({ chats, hasNextPage: page.hasNextPage } satisfies ChatListPageWire);
    },
  );
