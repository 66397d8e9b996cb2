// Sharing rules: public ids (SPEC §2 form), where a share's pictures are read, what of a message a share
// shows (and so all a fork of someone else's share copies), and link previews.
import { PARAM_RULES } from "../app-routes.ts";
import { isOwnGeneratedKey } from "../file-keys.ts";
import { knownSize } from "../image-size.ts";
import { snippetText } from "../snippet-text.ts";
import type { StreamImage } from "./stream-events.ts";
import type { MessageMetadata } from "./wire.ts";

/** A lowercase 8-4-4-4-12 hexadecimal UUID (SPEC §2 and §5). */
export const isPublicId = (value: string): boolean => PARAM_RULES.chatPublicId?.test(value) ?? false;

/** The page anyone can open, on this origin. */
export const sharedPagePath = (publicId: string) => `/shared/${publicId}`;

/** Where anonymous readers get picture `index` of message `messageId` of a share: never the owner's key. */
export const sharedImagePath = (publicId: string, messageId: number, index: number) =>
  `/api/shared/${publicId}/images/${messageId}/${index}`;

/** Our own generated pictures (served by /api/files/…), as a share or a fork may pass them on. */
export const OWN_IMAGE_PREFIX = "/api/files/";

/** The R2 key of one of our pictures' URLs, or null for anything else (a remote or hostile URL). */
export function imageKeyOf(image: Pick<StreamImage, "url">): string | null {
  if (!image.url.startsWith(OWN_IMAGE_PREFIX)) return null;
  try {
    const key = decodeURIComponent(image.url.slice(OWN_IMAGE_PREFIX.length));
    return key.split("/").some((part) => part === ".." || part === "") ? null : key;
  } catch {
    return null;
  }
}

/**
 * The one allow-list of what a reader of a share may see of a message's metadata: its role, how its
 * generation ended, its reasoning, its web search (status, and each source's address and title), its error,
 * and its pictures. The shared page shows this and nothing more, and a fork of someone else's share copies
 * this and nothing more: never the owner's usage, generation id, documents (their files' names, pages and
 * attachment ids), Midjourney task ids, nor any field added later until it is listed here.
 *
 * Pictures: only those the owner generated (our own key under their prefix; a remote or foreign address is
 * left out), each at the address `imageUrl` gives it for where it goes (the share's own path for the page,
 * the owner's key for a fork to copy), with its type; `index` is its place in the stored list.
 */
export function shareableMetadata(
  stored: unknown,
  {
    ownerId,
    imageUrl,
  }: { ownerId: number; imageUrl: (image: { key: string; url: string }, index: number) => string },
): MessageMetadata {
  const meta = (stored ?? {}) as MessageMetadata;
  const shown: MessageMetadata = { role: meta.role === "user" ? "user" : "assistant" };
  if (typeof meta.done === "boolean") shown.done = meta.done;
  if (meta.outcome) shown.outcome = meta.outcome;
  if (typeof meta.reasoning === "string" && meta.reasoning) shown.reasoning = meta.reasoning;
  if (meta.search) {
    shown.search = {
      status: meta.search.status,
      sources: (meta.search.sources ?? []).map((source) =>
        source.title === undefined ? { url: source.url } : { url: source.url, title: source.title },
      ),
    };
  }
  if (meta.error) {
    const { code, provider, retryAfter } = meta.error;
    shown.error = { code };
    if (provider !== undefined) shown.error.provider = provider;
    if (retryAfter !== undefined) shown.error.retryAfter = retryAfter;
  }
  const images = (Array.isArray(meta.images) ? meta.images : []).flatMap((image, index) => {
    const key = typeof image?.url === "string" ? imageKeyOf(image) : null;
    if (!key || !isOwnGeneratedKey(key, ownerId)) return [];
    return [{ url: imageUrl({ key, url: image.url }, index), mimeType: image.mimeType, ...knownSize(image) }];
  });
  if (images.length > 0) shown.images = images;
  return shown;
}

/** A share's first words for link previews: the text a reader sees (`snippetText`), whitespace folded, cut at a word. */
export function previewText(content: string, max = 200): string {
  const plain = snippetText(content, []).replace(/\s+/g, " ").trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
