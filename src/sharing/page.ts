// The shared page as the Worker serves it: a whole HTML document that reads without JavaScript (and runs
// none: its CSP allows no script), with link-preview tags, noindex, and the fork as a plain form.

import { pictureAbout, questionAt } from "../domain/chat/answer-announcements";
import { escapeHtml, isSafeUrl } from "../domain/chat/markdown-rules";
import { previewText, sharedPagePath } from "../domain/chat/sharing";
import type { SharedChatWire, SharedMessageWire } from "../domain/chat/wire";
import { sizeAttributes } from "../domain/image-size";
import { localizePath } from "../domain/locale-routing";
import type { Locale } from "../domain/locales";
import { modelByKey } from "../domain/models";
import { katexStyleElement } from "./katex-styles";
import { PAGE_STYLE } from "./page-style";
import { PAGE_TEXT, type PageText } from "./page-text";
import { holdsMath, type MathOutput, renderMarkdown } from "./render-markdown";

/** Who is reading: the cached page differs only by whether a session cookie came with the request. */
export type Viewer = "anonymous" | "member";

/**
 * Scripts, frames, plugins and remote anything are refused; only our own pictures, this page's styles and
 * our own fonts (KaTeX's, for the math: the build inlines its smallest as data: addresses) load.
 */
export const SHARED_PAGE_CSP =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; font-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const PRODUCT = "Switchboard";

/** Kept out of search results unless the owner chose otherwise. */
export const robotsOf = (shared: Pick<SharedChatWire, "indexable">) =>
  shared.indexable ? "index, nofollow" : "noindex, nofollow";

/** A model's name as the catalogue gives it (the key itself for one it no longer lists). */
export const modelName = (key: string | null) => (key ? (modelByKey(key)?.label ?? key) : "");

async function renderMessage(
  m: SharedMessageWire,
  text: PageText,
  math: MathOutput,
  question: string | null,
): Promise<string> {
  if (m.role === "user") {
    return `<article class="message user"><div class="who">${escapeHtml(text.prompt)}</div><div class="text">${escapeHtml(m.content)}</div></article>`;
  }
  const parts: string[] = [`<div class="who">${escapeHtml(modelName(m.model))}</div>`];
  const { reasoning, search, images, error } = m.metadata;
  if (reasoning) {
    parts.push(
      `<details class="reasoning"><summary>${escapeHtml(text.thinking)}</summary><div>${escapeHtml(reasoning)}</div></details>`,
    );
  }
  const sources = search?.sources ?? [];
  if (sources.length > 0) {
    const items = sources.map((s) => {
      const label = escapeHtml(s.title || s.url);
      return isSafeUrl(s.url)
        ? `<li><a href="${escapeHtml(s.url)}" rel="noopener noreferrer nofollow" target="_blank">${label}</a></li>`
        : `<li>${label}</li>`;
    });
    parts.push(`<ol class="sources" aria-label="${escapeHtml(text.sources)}">${items.join("")}</ol>`);
  }
  if (m.content) parts.push(`<div class="markdown">${await renderMarkdown(m.content, math)}</div>`);
  if (images?.length) {
    // What the pictures show, as their question says it; else who made them.
    const about = pictureAbout(question);
    const alt = escapeHtml(about || text.imageBy(modelName(m.model)));
    const pictures = images.map(
      (image) =>
        `<a href="${escapeHtml(image.url)}"><img src="${escapeHtml(image.url)}" alt="${alt}"${sizeAttributes(image)} loading="lazy"></a>`,
    );
    parts.push(`<div class="images">${pictures.join("")}</div>`);
  }
  if (error) parts.push(`<p class="note">${escapeHtml(text.answerError)}</p>`);
  return `<article class="message model">${parts.join("")}</article>`;
}

function continueBlock(shared: SharedChatWire, viewer: Viewer, locale: Locale): string {
  const text = PAGE_TEXT[locale];
  const path = sharedPagePath(shared.publicId);
  if (viewer === "member") {
    return (
      `<form class="continue" method="post" action="${path}/fork"><p>${escapeHtml(text.forkHint)}</p>` +
      `<button class="button" type="submit">${escapeHtml(text.fork)}</button></form>`
    );
  }
  const login = `${localizePath(locale, "/login")}?redirect=${encodeURIComponent(path)}`;
  return (
    `<div class="continue"><p>${escapeHtml(text.signInHint)}</p>` +
    `<a class="button" href="${escapeHtml(login)}">${escapeHtml(text.signIn)}</a></div>`
  );
}

/**
 * The page's math as the app shows it: KaTeX's HTML in KaTeX's fonts, with its stylesheet inline. Without
 * that stylesheet (`katexStyles` absent or answering null) the browser lays out the formulas' MathML alone,
 * which on a system without a math font sets a display sum no bigger than the text.
 */
async function mathStyle(
  messages: readonly string[],
  katexStyles: (() => Promise<string | null>) | undefined,
) {
  if (!katexStyles || !messages.some(holdsMath)) return "";
  return katexStyleElement(await katexStyles().catch(() => null), messages.join(""));
}

/** The whole document of a share, for readers and link previews alike, in the reader's language. */
export async function renderSharedPage(
  shared: SharedChatWire,
  origin: string,
  viewer: Viewer,
  locale: Locale,
  katexStyles?: () => Promise<string | null>,
): Promise<string> {
  const text = PAGE_TEXT[locale];
  const title = shared.title.trim() || text.sharedConversation;
  const first = shared.messages.find((m) => m.role === "assistant" && m.content) ?? shared.messages[0];
  const description = previewText(first?.content ?? "") || text.sharedFrom(PRODUCT);
  const url = `${origin}${sharedPagePath(shared.publicId)}`;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(shared.createdAt),
  );
  const count = shared.messages.length;
  const messageCount = text.messages(count, new Intl.PluralRules(locale).select(count));
  const math: MathOutput = katexStyles ? "katex" : "mathml";
  const messages = await Promise.all(
    shared.messages.map((m, i) => renderMessage(m, text, math, questionAt(shared.messages, i))),
  );
  const meta = (attr: "name" | "property", key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}">`;
  return [
    "<!doctype html>",
    `<html lang="${locale}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${escapeHtml(title)} · ${PRODUCT}</title>`,
    meta("name", "description", description),
    meta("name", "robots", robotsOf(shared)),
    '<meta name="color-scheme" content="light dark">',
    '<meta name="theme-color" content="#8e6e59">',
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    '<link rel="icon" href="/favicon.ico">',
    meta("property", "og:type", "article"),
    meta("property", "og:site_name", PRODUCT),
    meta("property", "og:title", title),
    meta("property", "og:description", description),
    meta("property", "og:url", url),
    meta("property", "og:image", `${origin}/icons/icon-512.png`),
    meta("name", "twitter:card", "summary"),
    meta("name", "twitter:title", title),
    meta("name", "twitter:description", description),
    `<style>${PAGE_STYLE}</style>${await mathStyle(messages, katexStyles)}</head><body>`,
    `<header class="top"><a class="brand" href="${localizePath(locale, "/")}">${PRODUCT}</a><span class="meta">${escapeHtml(text.sharedConversation)}</span></header>`,
    `<main><h1 class="title">${escapeHtml(title)}</h1>`,
    `<p class="meta">${escapeHtml(modelName(shared.model))} · <time datetime="${escapeHtml(shared.createdAt)}">${escapeHtml(date)}</time> · ${escapeHtml(messageCount)}</p>`,
    messages.join(""),
    continueBlock(shared, viewer, locale),
    "</main>",
    `<footer>${escapeHtml(text.footer)}</footer>`,
    "</body></html>",
  ].join("");
}

/**
 * The 404 page of an unknown or revoked share: no conversation, no hint that one ever existed.
 * `malformedPath`: the address is not a share link at all (SPEC §2 wants a public id in UUID form), so it
 * says "Page Not Found: {path}" like the app's own 404 screen.
 */
export function renderGonePage(locale: Locale, malformedPath?: string): string {
  const text = PAGE_TEXT[locale];
  const notFound = malformedPath
    ? `<p class="code">404</p><p>${escapeHtml(text.pageNotFound(malformedPath))}</p>`
    : "";
  const home = localizePath(locale, "/");
  const homeLabel = malformedPath ? text.backHome : text.discover(PRODUCT);
  return [
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${escapeHtml(text.notAvailableTitle)} · ${PRODUCT}</title><meta name="robots" content="noindex">`,
    `<style>${PAGE_STYLE}</style></head><body>`,
    `<header class="top"><a class="brand" href="${home}">${PRODUCT}</a></header>`,
    // SPEC §2: the error screen shows the lost mascot, as the app's own does.
    `<main class="gone" data-testid="error-screen"><img class="mascot" src="/images/lost-mascot.svg" alt="" width="180" height="150">${notFound}`,
    `<h1 class="title">${escapeHtml(text.notAvailable)}</h1>`,
    `<p>${escapeHtml(text.linkWrong)}</p>`,
    `<p><a class="button" href="${home}">${escapeHtml(homeLabel)}</a></p></main></body></html>`,
  ].join("");
}
