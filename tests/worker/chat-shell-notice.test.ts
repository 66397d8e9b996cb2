// A failed answer's notice in an open chat's first frame (src/sharing/chat-shell-notice.ts): the app's alert icon,
// its sentence from the reader's own chat catalogue (the build's JSON of it, read only for such a frame) and Retry
// on the chat's last answer; without the catalogue, the notice's place.
import { describe, expect, it } from "vitest";
import de from "../../client/i18n/locales/de/chat.json";
import en from "../../client/i18n/locales/en/chat.json";
import fr from "../../client/i18n/locales/fr/chat.json";
import type { MessageRow } from "../../src/db/messages";
import type { MessageMetadata } from "../../src/domain/chat/wire";
import type { Locale } from "../../src/domain/locales";
import type { Catalogue } from "../../src/domain/message-format";
import { renderChatShell } from "../../src/sharing/chat-shell";
import {
  assetCatalogue,
  catalogueOf,
  type NoticeWords,
  shellFailure,
} from "../../src/sharing/chat-shell-notice";
import { shellRow } from "./support/chat-shell";

const EN: NoticeWords = { catalogue: en, locale: "en" };
const failed = (error: MessageMetadata["error"], extra: Partial<MessageMetadata> = {}): MessageMetadata =>
  ({
    role: "assistant",
    done: true,
    outcome: "error",
    ...(error ? { error } : {}),
    ...extra,
  }) as MessageMetadata;
const UNAVAILABLE = failed({ code: "provider_unavailable", provider: "test" });

const ALERT =
  '<svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="M12 9v4M12 17h.01M10.3 3.9L1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z"></path></svg>';
const REFRESH =
  '<svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="M21 12a9 9 0 1 1-3-6.7L21 8M21 3v5h-5"></path></svg>';
const RETRY = `<button type="button" class="button small secondary message-retry" inert>${REFRESH} Retry</button>`;
const notice = (key: string, sentence: string, retry = RETRY) =>
  `<div class="message-notice" data-notice="${key}">${ALERT}<span>${sentence}</span>${retry}</div>`;
const SENTENCE =
  "Model temporarily unavailable, probably an issue with Test. Check its status page, retry in 10 minutes or use another model.";

describe("a failed answer's notice in the first frame", () => {
  it.each([
    {
      name: "the provider unavailable, as the last answer: its sentence naming it, and Retry",
      meta: UNAVAILABLE,
      last: true,
      html: notice("providerUnavailable", SENTENCE),
    },
    {
      name: "not the last answer: no Retry, as the app",
      meta: UNAVAILABLE,
      last: false,
      html: notice("providerUnavailable", SENTENCE, ""),
    },
    {
      name: "the fair usage limit: its sentence, and Retry",
      meta: failed({ code: "fair_usage_limit", provider: "test", retryAfter: 30 }),
      last: true,
      html: notice("fairUsageLimit", "You have temporarily reached your fair usage limit."),
    },
    {
      name: "an error without a code: 'Unable to process'",
      meta: failed(undefined),
      last: true,
      html: notice("unableToProcess", "Unable to process your message. Please try again."),
    },
    {
      name: "a provider we do not know: named by its id",
      meta: failed({ code: "provider_unavailable", provider: "acme" }),
      last: false,
      html: notice("providerUnavailable", SENTENCE.replace("Test", "acme"), ""),
    },
    {
      name: "stopped: the page's own words (shellStopped)",
      meta: failed(undefined, { outcome: "stopped" }),
      last: true,
      html: "",
    },
    { name: "finished: nothing", meta: failed(undefined, { outcome: "done" }), last: true, html: "" },
    {
      name: "still being written: nothing",
      meta: failed(undefined, { outcome: undefined, done: false }),
      last: true,
      html: "",
    },
  ])("$name", ({ meta, last, html }) => {
    expect(shellFailure(meta, last, EN)).toBe(html);
  });

  it("says it in the reader's language", () => {
    const html = shellFailure(UNAVAILABLE, true, { catalogue: fr, locale: "fr" });
    expect(html).toContain(`<span>${fr.notices.providerUnavailable.replace("{{provider}}", "Test")}</span>`);
    expect(html).toContain(`${REFRESH} Réessayer</button>`);
    expect(shellFailure(UNAVAILABLE, true, { catalogue: de, locale: "de" })).toContain(
      " Erneut versuchen</button>",
    );
  });

  it("escapes the catalogue's words and the provider's name", () => {
    const catalogue: Catalogue = {
      notices: { providerUnavailable: "<b>{{provider}}</b> & co" },
      message: { retry: '"Again"' },
    };
    const meta = failed({ code: "provider_unavailable", provider: "<img src=x onerror=alert(1)>" });
    const html = shellFailure(meta, true, { catalogue, locale: "en" });
    expect(html).toContain(
      "<span>&#60;b&#62;&#60;img src=x onerror=alert(1)&#62;&#60;/b&#62; &#38; co</span>",
    );
    expect(html).toContain(" &#34;Again&#34;</button>");
    expect(html).not.toContain("<img");
  });

  it("keeps its place without the catalogue: a line, unnamed, with its icon and Retry", () => {
    expect(shellFailure(UNAVAILABLE, true, { catalogue: null, locale: "en" })).toBe(
      `<div class="message-notice" data-notice="providerUnavailable">${ALERT}<span>&#8203;</span><button type="button" class="button small secondary message-retry" inert>${REFRESH} &#8203;</button></div>`,
    );
  });
});

describe("the catalogue as the assets answer it", () => {
  const json = (body: string, type = "application/json") =>
    new Response(body, { headers: { "Content-Type": type } });
  it.each([
    { name: "the build's JSON", res: () => json(JSON.stringify(en)), read: en },
    // A missing file: the assets answer the SPA's page (not_found_handling), or a 404.
    { name: "the SPA's page in its place", res: () => json("<!doctype html>", "text/html"), read: null },
    { name: "a 404", res: () => new Response("nope", { status: 404 }), read: null },
    { name: "broken JSON", res: () => json("{"), read: null },
    { name: "a list", res: () => json("[]"), read: null },
  ])("$name", async ({ res, read }) => {
    expect(await catalogueOf(res())).toEqual(read);
  });

  it("is null when the assets cannot be read at all, so the frame keeps the notice's place", async () => {
    const failing = { fetch: () => Promise.reject(new Error("assets down")) } as unknown as Fetcher;
    expect(await assetCatalogue(failing, "https://app.test/app/a/default/c/1")("fr")).toBeNull();
    expect(await assetCatalogue(undefined, "https://app.test/")("fr")).toBeNull();
  });
});

const row = shellRow;
const done: MessageMetadata = { role: "assistant", done: true, outcome: "done" };

describe("reading the reader's catalogue for a frame", () => {
  const reads = () => {
    const asked: Locale[] = [];
    const catalogue = async (locale: Locale) => {
      asked.push(locale);
      return locale === "fr" ? fr : en;
    };
    return { asked, catalogue };
  };
  const html = async (
    messages: MessageRow[],
    catalogue: (l: Locale) => Promise<Catalogue | null>,
    locale: Locale = "en",
  ) =>
    (await renderChatShell(messages, { defaultAssistant: true, locale, catalogue })).messages({
      web: "",
      documents: "",
      pages: "",
    });

  it("reads it once, in the reader's language, for a frame holding a failed answer", async () => {
    const { asked, catalogue } = reads();
    const page = await html(
      [row(1, "Hi", { role: "user" }), row(2, "Half an", UNAVAILABLE)],
      catalogue,
      "fr",
    );
    expect(asked).toEqual(["fr"]);
    expect(page).toContain(" Réessayer</button>");
    // Under the answer's text, above its footer (it has words to copy).
    expect(page.indexOf("Half an")).toBeLessThan(page.indexOf('class="message-notice"'));
    expect(page.indexOf('class="message-notice"')).toBeLessThan(
      page.indexOf('class="message-footer"', page.indexOf("Half an")),
    );
  });

  it("does not read it for a frame without one (finished, stopped, or a failure older than the frame shows)", async () => {
    const { asked, catalogue } = reads();
    await html([row(1, "Hi", { role: "user" }), row(2, "Hello", done)], catalogue);
    await html([row(1, "Hi", { role: "user" }), row(2, "Hel", { ...done, outcome: "stopped" })], catalogue);
    const older = [row(1, "Hi", { role: "user" }), row(2, "", UNAVAILABLE)];
    for (let id = 3; id <= 8; id++) older.push(row(id, "More", id % 2 ? { role: "user" } : done));
    await html(older, catalogue);
    expect(asked).toEqual([]);
  });

  it("keeps the notice's place when the catalogue cannot be read", async () => {
    const page = await html([row(1, "Hi", { role: "user" }), row(2, "", UNAVAILABLE)], () =>
      Promise.reject(new Error("gone")),
    );
    expect(page).toContain('data-notice="providerUnavailable">');
    expect(page).toContain("<span>&#8203;</span>");
  });
});
