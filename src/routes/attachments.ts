// /api/attachments: upload (multipart, own body limit), read (owner only, always a download), size, delete.
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import { backfillSize, getAttachment } from "../db/attachments";
import { openDatabase } from "../db/client";
import { attachmentDisposition, MAX_UPLOAD_BYTES, servedContentType } from "../domain/files";
import type { AppEnv, Env } from "../env";
import { AppError, notFound } from "../errors";
import { keyOf, removeAttachment, storeUpload, sweepOrphans } from "../files/attachments";
import { signedInUser } from "../middleware/session";
import { validate } from "../middleware/validate";
import { attachmentDto } from "./dto";

/** Room for the multipart envelope around the largest file. */
const UPLOAD_BODY_LIMIT = MAX_UPLOAD_BYTES + 64 * 1024;

const requireMultipart = createMiddleware(async (c, next) => {
  const mediaType = (c.req.header("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (mediaType !== "multipart/form-data") {
    throw new AppError(
      415,
      "unsupported_media_type",
      "Upload the file as multipart/form-data with a `file` field.",
    );
  }
  await next();
});

const uploadForm = z.object({
  file: z.instanceof(File, { message: "must be a file" }),
  assistantId: z
    .string()
    .regex(/^\d{1,15}$/, "must be an assistant id (digits)")
    .transform(Number)
    .optional(),
});

const idParam = z.object({ id: z.string().min(1).max(64) });

export const attachmentRoutes = new Hono<AppEnv>()
  .post(
    "/upload",
    requireMultipart,
    bodyLimit({
      maxSize: UPLOAD_BODY_LIMIT,
      onError: () => {
        throw new AppError(413, "payload_too_large", `A file may be at most ${MAX_UPLOAD_BYTES} bytes.`);
      },
    }),
    validate("form", uploadForm),
    async (c) => {
      const { file, assistantId = null } = c.req.valid("form");
      const { row } = await storeUpload(c.var.db(), c.env.FILES, {
        userId: signedInUser(c).id,
        file,
        assistantId,
      });
      return c.json(attachmentDto(row), 201);
    },
  )
  .post(
    "/updateSize",
    validate(
      "json",
      z.object({
        id: z.string().min(1).max(64),
        location: z.string().min(1).max(500),
        type: z.string().max(100),
      }),
    ),
    async (c) => {
      const { id, location } = c.req.valid("json");
      const userId = signedInUser(c).id;
      const db = c.var.db();
      const row = await getAttachment(db, { userId, id });
      // The location must be the row's own: a caller cannot measure (or learn of) any other object.
      const key = row ? keyOf(row) : null;
      if (!row || !key || key !== location) throw notFound("No such attachment.");
      const object = await c.env.FILES.head(key);
      if (!object) throw notFound("The attachment's file is missing.");
      const size = await backfillSize(db, { userId, id, size: object.size });
      if (size === null) throw notFound("No such attachment.");
      // SPEC §7: the answer is the number itself.
      return c.json(size);
    },
  )
  .post("/delete", validate("json", z.object({ id: z.string().min(1).max(64) })), async (c) => {
    const { id } = c.req.valid("json");
    const removed = await removeAttachment(c.var.db(), c.env.FILES, { userId: signedInUser(c).id, id });
    if (!removed) throw notFound("No such attachment.");
    return c.json({ ok: true });
  })
  .get("/:id", validate("param", idParam), async (c) => {
    const { id } = c.req.valid("param");
    const row = await getAttachment(c.var.db(), { userId: signedInUser(c).id, id });
    const key = row ? keyOf(row) : null;
    if (!row || !key) throw notFound("No such attachment.");
    const object = await c.env.FILES.get(key);
    if (!object) throw notFound("No such attachment.");
    // Always a download, never a page of our origin: SVG, HTML and text included (the API's sandboxing
    // policy and nosniff come from the security headers).
    const headers = new Headers({
      "Content-Type": servedContentType(row.type),
      "Content-Disposition": attachmentDisposition(row.name ?? "file"),
      "Content-Length": String(object.size),
      "Cache-Control": "private, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      ETag: object.httpEtag,
    });
    return new Response(object.body, { headers });
  });

/** The daily cron: uploads never sent are deleted after a day, rows and bytes. */
export async function sweepOrphanAttachments(env: Env): Promise<{ deleted: number; unreferenced: number }> {
  const { db, close } = openDatabase(env);
  try {
    return await sweepOrphans(db, env.FILES);
  } finally {
    await close();
  }
}
