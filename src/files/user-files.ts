// Removing every file a user owns from R2 (account deletion): all keys under the user's prefixes, generated
// images and attachments alike.
import { generatedPrefix } from "../domain/file-keys";
import { attachmentPrefix } from "./attachments";

/** Deletes a page of keys at a time (R2 takes up to 1,000 per call); returns how many went. */
export async function deleteUserFiles(bucket: R2Bucket, userId: number): Promise<number> {
  let deleted = 0;
  for (const prefix of [generatedPrefix(userId), attachmentPrefix(userId)]) {
    let cursor: string | undefined;
    do {
      const page = await bucket.list({ prefix, cursor, limit: 1000 });
      const keys = page.objects.map((object) => object.key);
      if (keys.length > 0) await bucket.delete(keys);
      deleted += keys.length;
      cursor = page.truncated ? page.cursor : undefined;
    } while (cursor);
  }
  return deleted;
}
