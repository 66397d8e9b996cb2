// A fork of someone else's share gets its own copies of the share's pictures, under the forker's keys, so
// each owner's files stay readable by that owner alone and deleting one chat never breaks the other.
import type { ForkResult } from "../db/shares";
import { imageKeyOf } from "../domain/chat/sharing";
import type { MessageMetadata } from "../domain/chat/wire";
import { generatedPrefix, isOwnGeneratedKey } from "../domain/file-keys";

/** The copied messages whose metadata changed, with the new metadata; pictures that are gone are dropped. */
export async function copyForkedImages(
  bucket: R2Bucket,
  fork: ForkResult,
  { fromUserId, toUserId }: { fromUserId: number; toUserId: number },
): Promise<{ id: number; metadata: Record<string, unknown> }[]> {
  if (fromUserId === toUserId) return [];
  const updates: { id: number; metadata: Record<string, unknown> }[] = [];
  for (const { copy } of fork.copies) {
    const metadata = copy.metadata as MessageMetadata;
    if (!metadata.images?.length) continue;
    const images = [];
    for (const image of metadata.images) {
      const key = imageKeyOf(image);
      if (!key || !isOwnGeneratedKey(key, fromUserId)) continue;
      const object = await bucket.get(key);
      if (!object) continue;
      const name = key.split("/").pop() ?? "image";
      const ext = name.includes(".") ? name.slice(name.lastIndexOf(".")) : "";
      const target = `${generatedPrefix(toUserId)}${fork.chat.id}/${copy.id}/${crypto.randomUUID()}${ext}`;
      await bucket.put(target, object.body, { httpMetadata: object.httpMetadata });
      images.push({ ...image, url: `/api/files/${target}` });
    }
    updates.push({ id: copy.id, metadata: { ...metadata, images } });
  }
  return updates;
}
