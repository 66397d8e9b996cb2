// The home page in every language: no text left in English but the lists of product names, and the words
// that are the same in both languages (held here by name, so a new untranslated text fails).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../../src/domain/locales.ts";

type Node = { [key: string]: string | Node };

const read = (locale: string): Node =>
  JSON.parse(readFileSync(new URL(`../../client/i18n/locales/${locale}/home.json`, import.meta.url), "utf8"));

function flatten(node: Node, prefix = ""): [string, string][] {
  return Object.entries(node).flatMap(([key, value]) =>
    typeof value === "string" ? [[prefix + key, value]] : flatten(value, `${prefix}${key}.`),
  );
}

/** Nothing but names: the same in every language. */
const NAMES_ONLY = ["families.text.models", "families.image.models"];

/** Words each language writes as English does. */
const SAME_WORD: Record<string, string[]> = {
  fr: ["families.image.name", "features.assistants.name"],
  de: ["families.text.name", "families.reasoning.name"],
  ca: ["families.text.name"],
  ro: ["families.text.name"],
};

const english = new Map(flatten(read("en")));

describe.each(LOCALES.filter((locale) => locale !== "en"))("the %s home page", (locale) => {
  it("leaves only names and shared words in English (the models' descriptions are translated)", () => {
    const untranslated = flatten(read(locale))
      .filter(([key, text]) => english.get(key) === text)
      .map(([key]) => key);
    expect(untranslated.sort()).toEqual([...NAMES_ONLY, ...(SAME_WORD[locale] ?? [])].sort());
  });
});
