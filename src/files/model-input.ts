// The files of a model request: a context's stored attachments read back from R2 as the bytes adapters send.
import type { ContextMessage } from "../domain/chat/context";
import type { ProviderAttachment, ProviderMessage } from "../providers/types";
import { attachmentPrefix, readAttachmentBytes } from "./attachments";

/**
 * Turns context messages into provider messages, reading each attachment's bytes (in parallel). Only keys
 * under the user's own prefix are read; a file gone from R2 is left out rather than failing the answer.
 */
export async function withAttachmentBytes(
  bucket: R2Bucket,
  userId: number,
  messages: readonly ContextMessage[],
): Promise<ProviderMessage[]> {
  const prefix = attachmentPrefix(userId);
  return Promise.all(
    messages.map(async ({ role, content, attachments }) => {
      if (!attachments?.length) return { role, content };
      const files = await Promise.all(
        attachments
          .filter((a) => a.location.startsWith(prefix))
          .map(async (a): Promise<ProviderAttachment | null> => {
            const data = await readAttachmentBytes(bucket, a.location);
            return data ? { name: a.name, type: a.type, data } : null;
          }),
      );
      return { role, content, attachments: files.filter((f): f is ProviderAttachment => f !== null) };
    }),
  );
}
