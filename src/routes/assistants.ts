// /api/assistants: the user's assistants (list, save, delete) and, per assistant, its chats page by page (SPEC §7).
import { Hono } from "hono";
import { z } from "zod";
import { senderOf } from "../answers/sender";
import {
  type AssistantRow,
  assistantFiles,
  assistantsWithFiles,
  deleteAssistant,
  saveAssistant,
} from "../db/assistants";
import type { AttachmentRow } from "../db/attachments";
import { listChats } from "../db/chats";
import { oneShot } from "../db/client";
import {
  ASSISTANT_COLOR_NAMES,
  ASSISTANT_ICONS,
  ASSISTANT_LABEL_MAX,
  ASSISTANT_PREPROMPT_MAX,
  type AssistantDeletedWire,
  type AssistantWire,
  isAssistantColor,
  isAssistantIcon,
  isReservedLabel,
} from "../domain/assistants";
import { CHAT_PAGE_MAX, CHAT_PAGE_SIZE } from "../domain/chat/paging";
import type { ChatListPageWire } from "../domain/chat/wire";
import { cleanModelsConfiguration, isKnownModelKey } from "../domain/models";
import type { AppEnv } from "../env";
import { AppError, notFound } from "../errors";
import { keyOf } from "../files/attachments";
import { sessionOrUser, signedInUser } from "../middleware/session";
import { validate } from "../middleware/validate";
import { attachmentDto, chatDto } from "./dto";
import { assistantIdSchema, idSchema, modelsConfigurationSchema, nameSchema } from "./schemas";

const assistantDto = (a: AssistantRow, files: readonly AttachmentRow[]): AssistantWire => ({
  id: a.id,
  label: a.label,
  preprompt: a.preprompt,
  // Only an icon the editor offers (migration 0017 cleared older ones; a retired icon would be next).
  image: isAssistantIcon(a.image) ? a.image : null,
  prop: a.prop,
  modelsConfiguration: a.modelsConfiguration ? cleanModelsConfiguration(a.modelsConfiguration) : null,
  attachments: files.filter((f) => f.assistantId === a.id).map(attachmentDto),
});

/** SPEC §7: the whole assistant; without an id it is a new one. Unknown fields (its files) are ignored. */
const assistantBody = z.object({
  assistant: z.object({
    id: idSchema.nullish(),
    label: nameSchema(ASSISTANT_LABEL_MAX),
    preprompt: z
      .string()
      .max(ASSISTANT_PREPROMPT_MAX, `must be at most ${ASSISTANT_PREPROMPT_MAX} characters`)
      .default(""),
    // One of the editor's icons, or none (null or ""): never free text, which every screen would show.
    image: z
      .string()
      .trim()
      .nullish()
      .transform((value) => value || null)
      .refine((value) => value === null || isAssistantIcon(value), {
        message: `must be one of the offered icons (${ASSISTANT_ICONS.join(" ")}) or null`,
      }),
    prop: z
      .string()
      .nullish()
      .refine((value) => value == null || isAssistantColor(value), {
        message: `must be one of ${ASSISTANT_COLOR_NAMES.join(", ")}`,
      })
      .transform((value) => value ?? null),
    /** Null: the assistant follows the user's own models configuration. */
    modelsConfiguration: modelsConfigurationSchema.nullish().transform((value) => value ?? null),
  }),
});

const labelTaken = () =>
  new AppError(409, "assistant_label_taken", "You already have an assistant with this label.", {
    details: [{ path: "assistant.label", message: "already used by another of your assistants" }],
  });

export const assistantRoutes = new Hono<AppEnv>()
  .get("/all", async (c) => {
    // One statement over the HTTP endpoint, with the session: the app's first read makes no connection.
    const sender = senderOf(sessionOrUser(c)).sender;
    const { assistants, files } = await assistantsWithFiles(oneShot(c.env), { sender });
    return c.json(assistants.map((row) => assistantDto(row, files)));
  })
  .post("/update", validate("json", assistantBody), async (c) => {
    const { id = null, modelsConfiguration, ...fields } = c.req.valid("json").assistant;
    if (isReservedLabel(fields.label)) throw labelTaken();
    const userId = signedInUser(c).id;
    const db = c.var.db();
    const result = await saveAssistant(db, {
      userId,
      id,
      fields: {
        ...fields,
        modelsConfiguration: modelsConfiguration ? cleanModelsConfiguration(modelsConfiguration) : null,
      },
    });
    if (result.kind === "notFound") throw notFound("No such assistant.");
    if (result.kind === "labelTaken") throw labelTaken();
    // Its files are uploaded on their own (POST /api/attachments/upload with its id), not through this save.
    const files = id === null ? [] : await assistantFiles(db, { userId, assistantId: result.row.id });
    return c.json(assistantDto(result.row, files), id === null ? 201 : 200);
  })
  .post("/delete", validate("json", z.object({ assistantId: idSchema })), async (c) => {
    const { assistantId } = c.req.valid("json");
    const deleted = await deleteAssistant(c.var.db(), { userId: signedInUser(c).id, assistantId });
    if (!deleted) throw notFound("No such assistant.");
    // The rows are gone with the assistant; their bytes follow (a failure here leaves unreachable objects only).
    const keys = deleted.files.map(keyOf).filter((key): key is string => key !== null);
    if (keys.length > 0) await c.env.FILES.delete(keys);
    return c.json({ ok: true, movedChats: deleted.movedChats } satisfies AssistantDeletedWire);
  })
  .post(
    "/chats",
    validate(
      "json",
      z.object({
        assistantId: assistantIdSchema,
        limit: z.number().int().min(1).max(CHAT_PAGE_MAX).default(CHAT_PAGE_SIZE),
        offset: z.number().int().min(0).max(1_000_000).default(0),
      }),
    ),
    async (c) => {
      const { assistantId, limit, offset } = c.req.valid("json");
      // One statement over the HTTP endpoint, with the session: the sidebar's first read makes no connection.
      const sender = senderOf(sessionOrUser(c)).sender;
      const page = await listChats(oneShot(c.env), { sender, assistantId, limit, offset });
      if (!page) throw notFound("No such assistant.");
      // SPEC §3: chats whose model left the catalogue are not shown.
      const chats = page.chats.filter((chat) => isKnownModelKey(chat.model)).map(chatDto);
      return c.json({ chats, hasNextPage: page.hasNextPage } satisfies ChatListPageWire);
    },
  );
