// Sharing rules: public ids (SPEC §2 form), where a share's pictures are read, and link previews.
import { PARAM_RULES } from "../app-routes.ts";
import type { StreamImage } from "./stream-events.ts";

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

/** A share's first words for link previews: markdown marks dropped, whitespace folded, cut at a word. */
export function previewText(content: string, max = 200): string {
  const plain = content
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/[#>*_`~|[\]()!$\\-]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
