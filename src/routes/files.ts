// /api/files/*: generated images (and later attachments) from R2, only under the signed-in user's prefix.
import { Hono } from "hono";
import type { Database } from "../db/client";
import { pictureOrigin } from "../db/generated-images";
import { imageKeyOf } from "../domain/chat/sharing";
import { modelName } from "../domain/chat-export";
import { generatedKeyPlace, imageDownloadName, keyExtension } from "../domain/download-names";
import { isOwnGeneratedKey } from "../domain/file-keys";
import { attachmentDisposition } from "../domain/files";
import type { AppEnv } from "../env";
import { badRequest, notFound } from "../errors";
import { signedInUser } from "../middleware/session";

function decodeKey(path: string): string {
  try {
    return decodeURIComponent(path.slice("/api/files/".length));
  } catch {
    throw badRequest("The file path is not valid percent-encoding.", [{ path: "key", message: "malformed" }]);
  }
}

/** "Download": `<chat title or model>-<n>.png`, n its place among its answer's pictures. */
async function downloadName(db: Database, key: string, userId: number): Promise<string> {
  const place = generatedKeyPlace(key, userId);
  const origin = place ? await pictureOrigin(db, { userId, ...place }) : null;
  const index = origin?.images.findIndex((image) => imageKeyOf(image) === key) ?? -1;
  const label = origin?.title || (origin?.model ? modelName(origin.model) : "image");
  return imageDownloadName(label, index + 1 || 1, keyExtension(key, "bin"));
}

export const fileRoutes = new Hono<AppEnv>().get("/*", async (c) => {
  const key = decodeKey(c.req.path);
  const userId = signedInUser(c).id;
  // Keys are ours (uuids under the owner's prefix); anything else, or another user's, is simply not found.
  if (!isOwnGeneratedKey(key, userId)) throw notFound();
  const object = await c.env.FILES.get(key);
  if (!object) throw notFound();
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("ETag", object.httpEtag);
  headers.set("Cache-Control", "private, max-age=31536000, immutable");
  // `?download=1` saves it under a name people can read; otherwise the browser shows it.
  const disposition =
    c.req.query("download") === "1"
      ? attachmentDisposition(await downloadName(c.var.db(), key, userId))
      : `inline; filename="${key.split("/").pop()}"`;
  headers.set("Content-Disposition", disposition);
  return new Response(object.body, { headers });
});
