// /api/files/*: generated images (and later attachments) from R2, only under the signed-in user's prefix.
import { Hono } from "hono";
import { generatedPrefix } from "../chat/images";
import type { AppEnv } from "../env";
import { notFound } from "../errors";
import { signedInUser } from "../middleware/session";

export const fileRoutes = new Hono<AppEnv>().get("/*", async (c) => {
  const key = decodeURIComponent(c.req.path.slice("/api/files/".length));
  // Keys are ours (uuids under the owner's prefix); anything else, or another user's, is simply not found.
  if (!key.startsWith(generatedPrefix(signedInUser(c).id)) || key.includes("..")) throw notFound();
  const object = await c.env.FILES.get(key);
  if (!object) throw notFound();
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("ETag", object.httpEtag);
  headers.set("Cache-Control", "private, max-age=31536000, immutable");
  headers.set("Content-Disposition", `inline; filename="${key.split("/").pop()}"`);
  return new Response(object.body, { headers });
});
