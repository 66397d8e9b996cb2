// A failed answer's notice in an open chat's first frame (src/sharing/chat-shell-message.ts), as the app draws it
// (client/chat/message-parts.tsx' MessageNotice): its alert icon, its sentence in the reader's words and, on the
// chat's last answer, Retry (inert: the frame runs no script, and the app's own takes its place without a jump).
// The sentence is one of many, some naming the provider: it comes from the reader's own chat catalogue, which the
// Worker reads from the build's assets only for a frame that holds such an answer.
import { escapeHtml } from "../domain/chat/markdown-rules";
import { isRetryable, messageNotice, type NoticeKey } from "../domain/chat/message-notices";
import { noticeSentence } from "../domain/chat/notice-sentence";
import { chatCatalogueAsset } from "../domain/chat/shell-labels";
import type { MessageMetadata } from "../domain/chat/wire";
import { iconSvg } from "../domain/icon-paths";
import type { Locale } from "../domain/locales";
import { type Catalogue, formatMessage } from "../domain/message-format";

/** The reader's chat catalogue (null: it could not be read) and language, for the notices' words. */
export interface NoticeWords {
  catalogue: Catalogue | null;
  locale: Locale;
}

/** A saved answer's failure notice: any but none and "stopped" (the page's own words say that one). */
export function failureOf(meta: MessageMetadata): NoticeKey | null {
  const notice = messageNotice({ metadata: meta });
  return notice === "stopped" ? null : notice;
}

/** A catalogue's message as the app shows it, escaped; without the catalogue, a line's height and no words. */
const said = ({ catalogue, locale }: NoticeWords, key: string, values: Record<string, unknown> = {}) =>
  (catalogue && escapeHtml(formatMessage(catalogue, key, values, locale))) || "&#8203;";

/**
 * The notice under a failed answer, else nothing. Retry on the chat's last answer where a retry can help
 * (isRetryable), as the app offers it there while no other answer is on its way (message-list.tsx).
 */
export function shellFailure(meta: MessageMetadata, last: boolean, words: NoticeWords): string {
  const notice = failureOf(meta);
  if (!notice) return "";
  const { key, values } = noticeSentence(notice, meta.error?.provider);
  const retry =
    last && isRetryable(notice)
      ? `<button type="button" class="button small secondary message-retry" inert>${iconSvg("refresh", 14)} ${said(words, "message.retry")}</button>`
      : "";
  return `<div class="message-notice" data-notice="${notice}">${iconSvg("alert", 16)}<span>${said(words, key, values)}</span>${retry}</div>`;
}

/** A catalogue the build wrote (chatCatalogueAsset) as the assets answer it, else null (a page, bad JSON…). */
export async function catalogueOf(res: Response): Promise<Catalogue | null> {
  if (!res.ok || !res.headers.get("Content-Type")?.startsWith("application/json")) return null;
  const value: unknown = await res.json().catch(() => null);
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Catalogue) : null;
}

/**
 * The reader's chat catalogue from the build's assets, or null: none in the Worker tests' pool (no assets), under
 * vite's dev server (the build writes it), or for a failed read. The frame then keeps the notice's place.
 */
export const assetCatalogue =
  (assets: Fetcher | undefined, base: string) =>
  async (locale: Locale): Promise<Catalogue | null> => {
    if (!assets) return null;
    // A failed read keeps the notice's place, as a missing file does: the frame must not go for want of words.
    return assets
      .fetch(new Request(new URL(chatCatalogueAsset(locale), base)))
      .then(catalogueOf)
      .catch(() => null);
  };
