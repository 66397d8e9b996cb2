// /api/chat: create (and prepare), send, edit, regenerate, stop, rename, move and delete chats (reading them:
// chat-reads.ts).
import { Hono } from "hono";
import { z } from "zod";
import { keepPress, pressAgain, pressedChoice } from "../answers/midjourney-action";
import { senderOf } from "../answers/sender";
import { type StartedAnswer, startAnswer } from "../answers/start-answer";
import { chatStreamOf } from "../chat/stub";
import { attachmentsOfMessage } from "../db/carried-files";
import { reserveNextChat } from "../db/chat-reservation";
import { deleteChat, getChat, isOwnChat, moveChat, renameChat } from "../db/chats";
import { oneShot } from "../db/client";
import { recentMessages } from "../db/messages";
import { MESSAGE_MAX_CHARACTERS } from "../domain/chat/message-length";
import { GRID_CHOICES, type MidjourneyActionWire } from "../domain/chat/midjourney";
import { TITLE_INPUT_MAX } from "../domain/chat/title";
import type { AnswerWire, NewChatWire } from "../domain/chat/wire";
import { MAX_ATTACHMENTS_PER_MESSAGE } from "../domain/files";
import { type ModelEntry, offeredModel } from "../domain/models";
import type { AppEnv, Env } from "../env";
import { AppError, badRequest, notFound } from "../errors";
import { sessionOrUser, signedInUser } from "../middleware/session";
import { validate } from "../middleware/validate";
import { providerSetupFromEnv } from "../providers/availability";
import { purgeSharedPage } from "../sharing/cache";
import { chatDto, messageDto } from "./dto";
import { assistantIdSchema, idSchema, modelKeySchema, nameSchema } from "./schemas";

/** The model a request names, if the catalogue has it and this deployment offers it. */
function modelOrThrow(key: string, env: Env): ModelEntry {
  const found = offeredModel(key, providerSetupFromEnv(env));
  if (found.ok) return found.model;
  if (found.reason === "unknown")
    throw badRequest(`Unknown model: ${key}`, [{ path: "model", message: "unknown model" }]);
  throw new AppError(400, "model_unavailable", `${found.model.label} is not available here.`, {
    details: [{ path: "model", message: "model not available" }],
  });
}

const answerDto = (started: StartedAnswer): AnswerWire => ({
  userMessage: started.userMessage ? messageDto(started.userMessage, started.attachments) : null,
  modelMessage: messageDto(started.modelMessage),
  generationId: started.generationId,
});

/** The user's own uploads to send with the message (POST /api/attachments/upload answers their ids). */
const attachmentIdsSchema = z
  .array(z.string().min(1).max(64))
  .max(MAX_ATTACHMENTS_PER_MESSAGE, `at most ${MAX_ATTACHMENTS_PER_MESSAGE} files per message`)
  .optional();

/** The ids of the edited question's files that its new version keeps; one it never had is a 400. */
function keptFiles(files: readonly { id: string }[], named: readonly string[] | undefined): string[] {
  const own = files.map((f) => f.id);
  if (named === undefined) return own;
  const unknown = named.findIndex((id) => !own.includes(id));
  if (unknown >= 0) {
    throw badRequest("Only files of the message being edited can be kept.", [
      { path: `attachmentIds.${unknown}`, message: "not a file of this message" },
    ]);
  }
  return [...new Set(named)];
}

/** A message may be files alone (an image tool needs no prompt); otherwise it needs words. */
const sendFields = {
  content: z.string().trim().max(MESSAGE_MAX_CHARACTERS),
  attachmentIds: attachmentIdsSchema,
};
const needsWordsOrFiles = (body: { content: string; attachmentIds?: string[] }, ctx: z.RefinementCtx) => {
  if (!body.content && !body.attachmentIds?.length)
    ctx.addIssue({ code: "custom", path: ["content"], message: "must not be empty" });
};

/** A Midjourney button pressed under a grid of the chat (README "Chats and live answers"). */
const midjourneyActionSchema = z.object({
  messageId: idSchema,
  choice: z.enum(GRID_CHOICES),
}) satisfies z.ZodType<MidjourneyActionWire>;

/** A button press is the whole question: the grid's model answers it, with no words or files of its own. */
const pressOnly = (
  body: { content: string; attachmentIds?: string[]; model?: string; midjourneyAction?: unknown },
  ctx: z.RefinementCtx,
) => {
  if (!body.midjourneyAction) return needsWordsOrFiles(body, ctx);
  if (body.content)
    ctx.addIssue({ code: "custom", path: ["content"], message: "must be empty with midjourneyAction" });
  if (body.attachmentIds?.length)
    ctx.addIssue({ code: "custom", path: ["attachmentIds"], message: "not allowed with midjourneyAction" });
  if (body.model)
    ctx.addIssue({ code: "custom", path: ["model"], message: "not allowed with midjourneyAction" });
};

export const chatRoutes = new Hono<AppEnv>()
  .post(
    "/new",
    validate(
      "json",
      z
        .object({ assistantId: assistantIdSchema.optional(), model: modelKeySchema, ...sendFields })
        .superRefine(needsWordsOrFiles),
    ),
    async (c) => {
      const { assistantId = null, model: key, content, attachmentIds } = c.req.valid("json");
      const started = await startAnswer(c.var.db(), c.env, {
        from: sessionOrUser(c),
        model: modelOrThrow(key, c.env),
        content,
        target: { newChat: { assistantId } },
        attachmentIds,
      });
      return c.json({ chat: chatDto(started.chat), ...answerDto(started) } satisfies NewChatWire, 201);
    },
  )
  .post(
    "/send",
    validate(
      "json",
      z
        .object({
          chatId: idSchema,
          model: modelKeySchema.optional(),
          ...sendFields,
          midjourneyAction: midjourneyActionSchema.optional(),
        })
        .superRefine(pressOnly),
    ),
    async (c) => {
      const { chatId, content, model: key, attachmentIds, midjourneyAction } = c.req.valid("json");
      if (midjourneyAction) {
        // The grid is read first (a foreign chat has none for the user): its record names the relay's ids.
        const userId = await senderOf(sessionOrUser(c)).userId();
        const pressed = await pressedChoice(c.var.db(), { userId, chatId, ...midjourneyAction });
        const started = await startAnswer(c.var.db(), c.env, {
          from: { userId },
          model: modelOrThrow(pressed.model, c.env),
          content: pressed.content,
          target: { chatId },
          options: { midjourneyAction: pressed.action },
        });
        const kept = await keepPress(c.var.db(), { userId, chatId, started, pressed: pressed.pressed });
        return c.json(answerDto(kept), 201);
      }
      // The chat is read with everything else the answer needs (a foreign chat is a 404 from there).
      const started = await startAnswer(c.var.db(), c.env, {
        from: sessionOrUser(c),
        // Named, the model is checked now and the send can be one statement; otherwise the chat's own.
        model: key ? modelOrThrow(key, c.env) : (chatModel) => modelOrThrow(chatModel, c.env),
        content,
        target: { chatId },
        attachmentIds,
      });
      return c.json(answerDto(started), 201);
    },
  )
  .post(
    "/edit",
    validate(
      "json",
      z.object({
        chatId: idSchema,
        messageId: idSchema,
        ...sendFields,
        model: modelKeySchema.optional(),
      }),
    ),
    async (c) => {
      const { chatId, messageId, content, attachmentIds, model: key } = c.req.valid("json");
      const userId = signedInUser(c).id;
      const db = c.var.db();
      // All three reads are the user's own (a foreign chat has no messages or files for them): at once.
      const [chat, recent, files] = await Promise.all([
        getChat(db, { userId, chatId }),
        recentMessages(db, { userId, chatId, limit: 4 }),
        attachmentsOfMessage(db, { userId, messageId }),
      ]);
      if (!chat) throw notFound("No such chat.");
      const model = modelOrThrow(key ?? chat.model, c.env);
      const lastUser = recent.filter((m) => m.metadata.role === "user").at(-1);
      if (!lastUser || lastUser.id !== messageId) {
        throw badRequest("Only the last message you sent can be edited.", [
          { path: "messageId", message: "not the last user message" },
        ]);
      }
      // The question keeps the files named (all of them when none are named): removing one is how a
      // conversation's documents are brought back under their total (SPEC §8 documents_too_large).
      const keep = keptFiles(files, attachmentIds);
      if (!content && keep.length === 0) {
        throw badRequest("Write a message or keep a file.", [
          { path: "content", message: "must not be empty" },
        ]);
      }
      // A live answer is cut (and saved) first: stop is a no-op when none runs. The old tail goes, and a
      // shared snapshot may have shown it.
      await Promise.all([chatStreamOf(c.env, chatId).stop(), purgeSharedPage(c.req.url, chat.publicId)]);
      // The edited question is asked again as a fresh exchange; the old one goes once it runs.
      const started = await startAnswer(db, c.env, {
        from: { userId },
        model,
        content,
        // A question without files carries none over: its edit stays the one-statement send.
        target: {
          chatId,
          replacingFromId: messageId,
          keepAttachmentIds: files.length > 0 ? keep : undefined,
        },
      });
      return c.json(answerDto(started), 201);
    },
  )
  .post(
    "/regenerate",
    validate("json", z.object({ chatId: idSchema, model: modelKeySchema.optional() })),
    async (c) => {
      const { chatId, model: key } = c.req.valid("json");
      const userId = signedInUser(c).id;
      const db = c.var.db();
      const [chat, recent] = await Promise.all([
        getChat(db, { userId, chatId }),
        recentMessages(db, { userId, chatId, limit: 2 }),
      ]);
      if (!chat) throw notFound("No such chat.");
      const model = modelOrThrow(key ?? chat.model, c.env);
      const last = recent.at(-1);
      if (!last || last.metadata.role === "user") throw badRequest("There is no answer to regenerate yet.");
      // The answer to a Midjourney button press is asked again by pressing it again.
      const midjourneyAction = pressAgain(recent.at(-2), model);
      // A live answer is cut (and saved) first: stop is a no-op when none runs.
      await Promise.all([chatStreamOf(c.env, chatId).stop(), purgeSharedPage(c.req.url, chat.publicId)]);
      const started = await startAnswer(db, c.env, {
        from: { userId },
        model,
        content: null,
        target: { chatId, replacingFromId: last.id },
        options: midjourneyAction && { midjourneyAction },
      });
      return c.json(answerDto(started), 201);
    },
  )
  .post("/prepare", async (c) => {
    // The next new chat's id, reserved while its screen is open, and the chat's object made now: its first
    // message then finds the object there (making one was part of a new chat's wait for its first token).
    const chatId = await reserveNextChat(oneShot(c.env), { sender: senderOf(sessionOrUser(c)).sender });
    if (chatId !== null) await chatStreamOf(c.env, chatId).warm();
    return c.body(null, 204);
  })
  .post("/stop", validate("json", z.object({ chatId: idSchema })), async (c) => {
    const { chatId } = c.req.valid("json");
    // Ownership first (a stream of someone else's chat is not even acknowledged), in one statement over the
    // HTTP endpoint with the session: a stop waits for no connection to open.
    const own = await isOwnChat(oneShot(c.env), { sender: senderOf(sessionOrUser(c)).sender, chatId });
    if (!own) throw notFound("No such chat.");
    return c.json(await chatStreamOf(c.env, chatId).stop());
  })
  .post("/delete", validate("json", z.object({ id: idSchema })), async (c) => {
    const { id } = c.req.valid("json");
    const userId = signedInUser(c).id;
    const db = c.var.db();
    const chat = await getChat(db, { userId, chatId: id });
    if (!chat) throw notFound("No such chat.");
    await chatStreamOf(c.env, id).stop();
    await deleteChat(db, { userId, chatId: id });
    await purgeSharedPage(c.req.url, chat.publicId);
    return c.json({ ok: true });
  })
  .post(
    "/update",
    validate("json", z.object({ id: idSchema, title: nameSchema(TITLE_INPUT_MAX) })),
    async (c) => {
      const { id, title } = c.req.valid("json");
      const renamed = await renameChat(c.var.db(), { userId: signedInUser(c).id, chatId: id, title });
      if (!renamed) throw notFound("No such chat.");
      await purgeSharedPage(c.req.url, renamed.publicId);
      return c.json({ ok: true, title });
    },
  )
  .post(
    "/updateAssistant",
    validate("json", z.object({ chatId: idSchema, assistantId: assistantIdSchema })),
    async (c) => {
      const { chatId, assistantId } = c.req.valid("json");
      const moved = await moveChat(c.var.db(), { userId: signedInUser(c).id, chatId, assistantId });
      if (!moved) throw notFound("No such chat or assistant.");
      return c.json({ ok: true });
    },
  );
