// What a share shows, as the JSON API and the HTML page both read it: the snapshot's messages with their
// pictures re-addressed through the share and nothing private (chat id, owner, usage, R2 keys): the
// metadata through the one allow-list a fork of the share copies too (shareableMetadata).
import type { SharedChat } from "../db/shares";
import { shareableMetadata, sharedImagePath } from "../domain/chat/sharing";
import type { SharedChatWire, SharedMessageWire } from "../domain/chat/wire";

export function sharedChatDto({ chat, messages }: SharedChat): SharedChatWire {
  const publicId = chat.publicId ?? "";
  return {
    publicId,
    title: chat.title,
    model: chat.model,
    createdAt: chat.createdAt.toISOString(),
    indexable: chat.sharedIndexable,
    messages: messages.map((m): SharedMessageWire => {
      // What a reader may see of it (src/domain/chat/sharing.ts): pictures through the share, never by key.
      const metadata = shareableMetadata(m.metadata, {
        ownerId: chat.user,
        imageUrl: (_, index) => sharedImagePath(publicId, m.id, index),
      });
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
