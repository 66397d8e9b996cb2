// /api/files/*: generated images (and later attachments) from R2, only under the signed-in user's prefix.
import { Hono } from "hono";
import { isOwnGeneratedKey } from "../domain/file-keys";
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

export const fileRoutes = new Hono<AppEnv>().get("/*", async (c) => {
  const key = decodeKey(c.req.path);
  // Keys are ours (uuids under the owner's prefix); anything else, or another user's, is simply not found.
  if (!isOwnGeneratedKey(key, signedInUser(c).id)) throw notFound();
  const object = await c.env.FILES.get(key);
  if (!object) throw notFound();
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("ETag", object.httpEtag);
  headers.set("Cache-Control", "private, max-age=31536000, immutable");
  headers.set("Content-Disposition", `inline; filename="${key.split("/").pop()}"`);
  return new Response(object.body, { headers });
});
