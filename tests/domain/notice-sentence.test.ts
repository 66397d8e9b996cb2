// What a SPEC §8 notice says (src/domain/chat/notice-sentence.ts): its catalogue message and the values it is
// filled with, one rule for the chat's notice, the announcer and an open chat's first frame.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { NOTICE_KEYS } from "../../src/domain/chat/message-notices.ts";
import { noticeSentence, providerName } from "../../src/domain/chat/notice-sentence.ts";
import { MAX_ATTACHMENTS_PER_MESSAGE } from "../../src/domain/files.ts";
import { LOCALES } from "../../src/domain/locales.ts";
import { type Catalogue, formatMessage } from "../../src/domain/message-format.ts";

describe("providerName", () => {
  it.each([
    ["openai", "OpenAI"],
    ["black-forest-labs", "Black Forest Labs"],
    ["test", "Test"],
    // One we do not know is named by its id; none, by nothing.
    ["acme", "acme"],
    [undefined, ""],
    ["", ""],
    // Not a name of the table's own: an object's inherited keys are ids like any other.
    ["constructor", "constructor"],
    ["toString", "toString"],
  ])("%s → %j", (provider, name) => {
    expect(providerName(provider)).toBe(name);
  });
});

describe("noticeSentence", () => {
  it.each([
    { notice: "providerUnavailable", provider: "mistral", values: { provider: "Mistral AI" } },
    { notice: "imageError", provider: undefined, values: { provider: "" } },
    { notice: "tooManyFiles", provider: undefined, values: { limit: MAX_ATTACHMENTS_PER_MESSAGE } },
  ] as const)("$notice by $provider", ({ notice, provider, values }) => {
    const sentence = noticeSentence(notice, provider);
    expect(sentence.key).toBe(`notices.${notice}`);
    expect(sentence.values).toMatchObject(values);
  });

  it("fills every placeholder of every notice in every language", () => {
    for (const locale of LOCALES) {
      const catalogue: Catalogue = JSON.parse(
        readFileSync(new URL(`../../client/i18n/locales/${locale}/chat.json`, import.meta.url), "utf8"),
      );
      for (const notice of NOTICE_KEYS) {
        const { key, values } = noticeSentence(notice, "openai");
        const text = formatMessage(catalogue, key, values, locale);
        expect(text, `${locale} ${notice}`).not.toBe(key);
        expect(text, `${locale} ${notice}`).not.toContain("{{");
      }
    }
  });
});
