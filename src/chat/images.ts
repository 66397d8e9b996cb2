// Generated images go to R2 under the owner's prefix; the client fetches them through /api/files.
import { generatedPrefix } from "../domain/file-keys";
import { type ImageSize, imageSize } from "../domain/image-size";

const EXTENSIONS: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
  "image/svg+xml": "svg",
};

export async function storeGeneratedImage(
  bucket: R2Bucket,
  f: { userId: number; chatId: number; messageId: number; data: Uint8Array; mimeType: string },
): Promise<{ url: string; mimeType: string } & Partial<ImageSize>> {
  const ext = EXTENSIONS[f.mimeType] ?? "bin";
  const key = `${generatedPrefix(f.userId)}${f.chatId}/${f.messageId}/${crypto.randomUUID()}.${ext}`;
  await bucket.put(key, f.data, { httpMetadata: { contentType: f.mimeType } });
  // Its size, where its bytes say it: the chat, the frame and a shared page keep its box before it loads.
  return { url: `/api/files/${key}`, mimeType: f.mimeType, ...imageSize(f.data) };
}
