// /api/chat/share, /api/chat/updateShare, /api/chat/unshare, /api/chat/fork (the owner's side) and
// /api/shared/… (anyone's side: the snapshot as JSON for the SPA, and its pictures, only those of that share).
import { Hono } from "hono";
import { z } from "zod";
import { getSharedChat, getSharedMessage, setShareIndexable, shareChat, unshareChat } from "../db/shares";
import { imageKeyOf, isPublicId, sharedPagePath } from "../domain/chat/sharing";
import type { ForkWire, SharedChatWire, ShareWire } from "../domain/chat/wire";
import { isOwnGeneratedKey } from "../domain/file-keys";
import type { AppEnv } from "../env";
import { badRequest, notFound } from "../errors";
import { signedInUser } from "../middleware/session";
import { validate } from "../middleware/validate";
import { purgeSharedPage } from "../sharing/cache";
import { forkInto } from "../sharing/fork";
import { sharedChatDto } from "../sharing/snapshot";
import { chatDto } from "./dto";
import { digitsSchema, idSchema } from "./schemas";

const publicIdSchema = z
  .string({ error: (issue) => (issue.input === undefined ? "is required" : "must be a string") })
  .refine(isPublicId, "must be a lowercase UUID (8-4-4-4-12 hexadecimal)");

const chatBody = z.object({ chatId: idSchema });

/** May search engines list the shared page. */
const indexableSchema = z.boolean({ error: "must be true or false" });

const shareBody = chatBody.extend({ indexable: indexableSchema.optional() });

const updateShareBody = chatBody.extend({ indexable: indexableSchema });

const forkBody = z
  .object({
    publicId: publicIdSchema.optional(),
    chatId: idSchema.optional(),
    messageId: idSchema.optional(),
  })
  .refine((b) => (b.publicId === undefined) !== (b.chatId === undefined), {
    message: "give either publicId (a shared chat) or chatId (one of yours), not both",
    path: ["publicId"],
  });

const noShare = () => notFound("No such shared chat.");

/** A share as its owner's dialog reads it: its public page's address on this origin. */
const shareWire = (requestUrl: string, shared: { publicId: string; indexable: boolean }): ShareWire => ({
  publicId: shared.publicId,
  url: `${new URL(requestUrl).origin}${sharedPagePath(shared.publicId)}`,
  indexable: shared.indexable,
});

/** Owner's side, mounted under /api/chat. */
export const shareRoutes = new Hono<AppEnv>()
  .post("/share", validate("json", shareBody), async (c) => {
    const { chatId, indexable } = c.req.valid("json");
    const shared = await shareChat(c.var.db(), { userId: signedInUser(c).id, chatId, indexable });
    if (!shared) throw notFound("No such chat.");
    // Sharing again moves the snapshot to now: the page must not keep showing the old one.
    await purgeSharedPage(c.req.url, shared.publicId);
    return c.json(shareWire(c.req.url, shared));
  })
  // The search engines' choice alone, from the dialog's checkbox: the snapshot stays where it was.
  .post("/updateShare", validate("json", updateShareBody), async (c) => {
    const { chatId, indexable } = c.req.valid("json");
    const shared = await setShareIndexable(c.var.db(), { userId: signedInUser(c).id, chatId, indexable });
    if (!shared) throw noShare();
    // The page's X-Robots-Tag changes with it.
    await purgeSharedPage(c.req.url, shared.publicId);
    return c.json(shareWire(c.req.url, shared));
  })
  .post("/unshare", validate("json", chatBody), async (c) => {
    const { chatId } = c.req.valid("json");
    const previous = await unshareChat(c.var.db(), { userId: signedInUser(c).id, chatId });
    if (!previous) throw notFound("No such chat.");
    await purgeSharedPage(c.req.url, previous.publicId);
    return c.json({ ok: true });
  })
  .post("/fork", validate("json", forkBody), async (c) => {
    const { publicId, chatId, messageId } = c.req.valid("json");
    const source = publicId !== undefined ? { publicId } : chatId !== undefined ? { chatId } : null;
    if (!source) throw badRequest("Give either publicId or chatId.");
    const chat = await forkInto(c.var.db(), c.env.FILES, {
      userId: signedInUser(c).id,
      source,
      upTo: messageId,
    });
    if (!chat) throw notFound(publicId ? "No such shared chat or message." : "No such chat or message.");
    return c.json({ chatId: chat.id, chat: chatDto(chat) } satisfies ForkWire, 201);
  });

const sharedParam = z.object({ publicId: z.string().refine(isPublicId, "must be a lowercase UUID") });

/** Anyone's side, mounted under /api/shared (public: see src/domain/api-access.ts). */
export const sharedRoutes = new Hono<AppEnv>()
  .get("/:publicId", validate("param", sharedParam), async (c) => {
    const shared = await getSharedChat(c.var.db(), { publicId: c.req.valid("param").publicId });
    if (!shared) throw noShare();
    // Revocation must be immediate: the SPA's copy is never kept by a browser or a proxy.
    c.header("Cache-Control", "no-store");
    return c.json(sharedChatDto(shared) satisfies SharedChatWire);
  })
  .get(
    "/:publicId/images/:messageId/:index",
    validate("param", sharedParam.extend({ messageId: idSchema, index: digitsSchema(0, 100) })),
    async (c) => {
      const { publicId, messageId, index } = c.req.valid("param");
      const found = await getSharedMessage(c.var.db(), { publicId, messageId });
      const images = (found?.message.metadata as { images?: { url: string }[] } | undefined)?.images;
      const image = images?.[index];
      const key = image ? imageKeyOf(image) : null;
      // Only a picture this share's snapshot shows, under its owner's prefix: never another file.
      if (!found || !key || !isOwnGeneratedKey(key, found.ownerId)) throw notFound();
      const object = await c.env.FILES.get(key);
      if (!object) throw notFound();
      const headers = new Headers();
      object.writeHttpMetadata(headers);
      headers.set("ETag", object.httpEtag);
      // Short: a revoked share's pictures stop being served within minutes even from a browser's cache.
      headers.set("Cache-Control", "public, max-age=300");
      headers.set("Content-Disposition", "inline");
      return new Response(object.body, { headers });
    },
  );
