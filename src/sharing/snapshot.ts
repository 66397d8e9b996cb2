// What a share shows, as the JSON API and the HTML page both read it: the snapshot's messages with their
// pictures re-addressed through the share and nothing private (chat id, owner, usage, R2 keys).
import type { SharedChat } from "../db/shares";
import { imageKeyOf, sharedImagePath } from "../domain/chat/sharing";
import type { MessageMetadata, SharedChatWire, SharedMessageWire } from "../domain/chat/wire";

export function sharedChatDto({ chat, messages }: SharedChat): SharedChatWire {
  const publicId = chat.publicId ?? "";
  return {
    publicId,
    title: chat.title,
    model: chat.model,
    createdAt: chat.createdAt.toISOString(),
    indexable: chat.sharedIndexable,
    messages: messages.map((m): SharedMessageWire => {
      // The column holds only what recordExchange and the ChatStream object wrote: this shape.
      const meta = m.metadata as MessageMetadata;
      const metadata: MessageMetadata = { role: meta.role === "user" ? "user" : "assistant" };
      if (meta.done !== undefined) metadata.done = meta.done;
      if (meta.outcome) metadata.outcome = meta.outcome;
      if (meta.reasoning) metadata.reasoning = meta.reasoning;
      if (meta.search) metadata.search = meta.search;
      if (meta.error) metadata.error = meta.error;
      const images = (meta.images ?? []).flatMap((image, index) =>
        imageKeyOf(image) ? [{ url: sharedImagePath(publicId, m.id, index), mimeType: image.mimeType }] : [],
      );
      if (images.length > 0) metadata.images = images;
      return {
        id: m.id,
        role: metadata.role,
        content: m.content,
        model: m.model,
        metadata,
        createdAt: m.createdAt.toISOString(),
      };
    }),
  };
}
