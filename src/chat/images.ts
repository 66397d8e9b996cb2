// Generated images go to R2 under the owner's prefix; the client fetches them through /api/files.
const EXTENSIONS: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
  "image/svg+xml": "svg",
};

/** R2 keys of a user's generated files all start here; the files route checks it. */
export const generatedPrefix = (userId: number) => `generated/${userId}/`;

export async function storeGeneratedImage(
  bucket: R2Bucket,
  f: { userId: number; chatId: number; messageId: number; data: Uint8Array; mimeType: string },
): Promise<{ url: string; mimeType: string }> {
  const ext = EXTENSIONS[f.mimeType] ?? "bin";
  const key = `${generatedPrefix(f.userId)}${f.chatId}/${f.messageId}/${crypto.randomUUID()}.${ext}`;
  await bucket.put(key, f.data, { httpMetadata: { contentType: f.mimeType } });
  return { url: `/api/files/${key}`, mimeType: f.mimeType };
}
