// The 9 locale catalogues are complete: same keys as English, the plural forms each language needs, the same
// placeholders and markup, one register of address each; and the light resolver renders what i18next renders.
import { readdirSync, readFileSync } from "node:fs";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../../src/domain/locales.ts";
import { type Catalogue, formatMessage, formatPrice, lookup } from "../../src/domain/message-format.ts";

const DIR = new URL("../../client/i18n/locales/", import.meta.url);
const NAMESPACES = readdirSync(new URL("en/", DIR)).map((file) => file.replace(/\.json$/, ""));
const PLURAL = /_(zero|one|two|few|many|other)$/;

const read = (locale: string, ns: string): Catalogue =>
  JSON.parse(readFileSync(new URL(`${locale}/${ns}.json`, DIR), "utf8"));

function flatten(node: Catalogue, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(node)) {
    if (typeof value === "string") out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

/** Keys with their plural suffix removed, each with the forms present. */
function byBase(flat: Map<string, string>): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const key of flat.keys()) {
    const base = key.replace(PLURAL, "");
    const form = PLURAL.exec(key)?.[1] ?? "";
    if (!out.has(base)) out.set(base, new Set());
    out.get(base)?.add(form);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();
const tags = (text: string) => [...text.matchAll(/<(\w+)>/g)].map((m) => m[1]).sort();

describe.each(LOCALES.filter((l) => l !== "en"))("the %s catalogues", (locale) => {
  const required = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;

  it.each(NAMESPACES)("%s has every key of English, and no other", (ns) => {
    const english = byBase(flatten(read("en", ns)));
    const own = flatten(read(locale, ns));
    const mine = byBase(own);
    expect([...mine.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [base, forms] of english) {
      const expected = forms.has("") ? [""] : [...required].sort();
      expect([...(mine.get(base) ?? [])].sort(), `${locale}/${ns}: ${base}`).toEqual(expected);
    }
    for (const [key, text] of own) expect(text.trim(), `${locale}/${ns}: ${key} is empty`).not.toBe("");
  });

  it.each(NAMESPACES)("%s keeps the placeholders and markup of English", (ns) => {
    const english = flatten(read("en", ns));
    const englishByBase = new Map([...english].map(([key, text]) => [key.replace(PLURAL, ""), text]));
    for (const [key, text] of flatten(read(locale, ns))) {
      const reference = englishByBase.get(key.replace(PLURAL, "")) ?? "";
      expect(placeholders(text), `${locale}/${ns}: ${key}`).toEqual(placeholders(reference));
      expect(tags(text), `${locale}/${ns}: ${key}`).toEqual(tags(reference));
    }
  });
});

describe("English", () => {
  it("has the plural forms English needs", () => {
    for (const ns of NAMESPACES) {
      for (const [base, forms] of byBase(flatten(read("en", ns)))) {
        if (!forms.has("")) expect([...forms].sort(), `en/${ns}: ${base}`).toEqual(["one", "other"]);
      }
    }
  });
});

describe("the seat counts", () => {
  // Plural keys chosen by `count` (the seats used, or the team's seats), so no language says "1 places".
  it.each(["team.seatsUsed", "billing.seatsUsed", "usage.team", "billing.seatsTooFew", "billing.seatsHeld"])(
    "%s is a plural key in English",
    (key) => {
      expect(lookup(read("en", "account"), key)).toBeUndefined();
      expect(lookup(read("en", "account"), `${key}_one`)).toBeDefined();
    },
  );

  it.each([
    ["fr", "team.seatsUsed", 1, 1, "1 siège utilisé sur 1"],
    ["fr", "team.seatsUsed", 2, 3, "2 sièges utilisés sur 3"],
    ["fr", "billing.seatsUsed", 1, 1, "1 utilisé sur 1"],
    ["fr", "billing.seatsUsed", 2, 2, "2 utilisés sur 2"],
    ["it", "team.seatsUsed", 1, 1, "1 postazione usata su 1"],
    ["it", "team.seatsUsed", 2, 2, "2 postazioni usate su 2"],
    ["ro", "team.seatsUsed", 1, 1, "1 loc ocupat din 1"],
    ["ro", "billing.seatsUsed", 2, 5, "2 locuri folosite din 5"],
    ["ro", "billing.seatsUsed", 20, 25, "20 de locuri folosite din 25"],
    ["pl", "billing.seatsUsed", 1, 1, "1 miejsce zajęte z 1"],
    ["pl", "billing.seatsUsed", 3, 4, "3 miejsca zajęte z 4"],
    ["pl", "billing.seatsUsed", 5, 6, "5 miejsc zajętych z 6"],
    ["en", "team.seatsUsed", 1, 2, "1 of 2 seats used"],
    [
      "pl",
      "billing.seatsTooFew",
      2,
      1,
      "Twój zespół zajmuje 2 miejsca: usuń członków, zanim wybierzesz mniej.",
    ],
    [
      "pl",
      "billing.seatsTooFew",
      5,
      1,
      "Twój zespół zajmuje 5 miejsc: usuń członków, zanim wybierzesz mniej.",
    ],
    [
      "ro",
      "billing.seatsTooFew",
      3,
      1,
      "Echipa ta folosește 3 locuri: elimină membri înainte de a alege mai puține.",
    ],
    [
      "ro",
      "billing.seatsTooFew",
      20,
      1,
      "Echipa ta folosește 20 de locuri: elimină membri înainte de a alege mai puține.",
    ],
    [
      "fr",
      "billing.seatsTooFew",
      2,
      1,
      "Votre équipe utilise 2 sièges : retirez des membres avant d'en choisir moins.",
    ],
    [
      "en",
      "billing.seatsHeld",
      3,
      2,
      "Pending invitations keep seats for their invitees: keep at least 3 seats, or withdraw invitations in your <team>team settings</team>.",
    ],
    [
      "pl",
      "billing.seatsHeld",
      22,
      20,
      "Oczekujące zaproszenia rezerwują miejsca dla zaproszonych: zachowaj co najmniej 22 miejsca albo wycofaj zaproszenia w <team>ustawieniach zespołu</team>.",
    ],
    [
      "ro",
      "billing.seatsHeld",
      21,
      20,
      "Invitațiile în așteptare păstrează locuri pentru invitați: păstrează cel puțin 21 de locuri sau retrage invitații din <team>setările echipei</team>.",
    ],
  ] as const)("%s %s with %i of %i: %j", (locale, key, used, total, text) => {
    const values = { count: used, used, total, seats: total };
    expect(formatMessage(read(locale, "account"), key, values, locale)).toBe(text);
  });
});

describe("the tries left on the verification page", () => {
  it("is a plural key in English", () => {
    expect(lookup(read("en", "auth"), "verification.attemptsLeft")).toBeUndefined();
    expect(lookup(read("en", "auth"), "verification.attemptsLeft_one")).toBeDefined();
  });

  it.each([
    ["en", 1, "1 attempt left with this code."],
    ["en", 4, "4 attempts left with this code."],
    ["pl", 1, "Została 1 próba z tym kodem."],
    ["pl", 3, "Zostały 3 próby z tym kodem."],
    ["pl", 5, "Zostało 5 prób z tym kodem."],
    ["ro", 2, "Mai ai 2 încercări cu acest cod."],
    ["ro", 20, "Mai ai 20 de încercări cu acest cod."],
    ["fr", 1, "Il reste 1 essai avec ce code."],
  ] as const)("%s with %i: %j", (locale, count, text) => {
    expect(formatMessage(read(locale, "auth"), "verification.attemptsLeft", { count }, locale)).toBe(text);
  });
});

/**
 * Words that address the reader in the register a language does not use: German and the Romance languages
 * say "du"/"tu", French "vous" and Portuguese "você" (as consumer apps do); a catalogue never mixes the two.
 */
const OTHER_REGISTER: Record<string, RegExp> = {
  de: /(?<!\p{L})(Sie|Ihnen|Ihr|Ihre|Ihrem|Ihren|Ihrer|Ihres)(?!\p{L})/u,
  fr: /(?<!\p{L})(tu|te|toi|ton|ta|tes|tien|tienne)(?!\p{L})/iu,
  es: /(?<!\p{L})(usted|ustedes)(?!\p{L})/iu,
  it: /(?<!\p{L})(Lei|Suo|Sua|Suoi)(?!\p{L})/u,
  pt: /(?<!\p{L})(tu|teu|tua|teus|tuas|contigo)(?!\p{L})/iu,
  ca: /(?<!\p{L})(vostè|vostès)(?!\p{L})/iu,
  ro: /(?<!\p{L})(dumneavoastră|dvs)(?!\p{L})/iu,
  pl: /(?<!\p{L})(Pan|Pani|Panu|Panią|Państwo|Państwa)(?!\p{L})/u,
};

describe.each(Object.entries(OTHER_REGISTER))("the %s catalogues", (locale, other) => {
  it.each(NAMESPACES)("%s address the reader in one register only", (ns) => {
    for (const [key, text] of flatten(read(locale, ns))) {
      expect(other.exec(text)?.[0], `${locale}/${ns}: ${key}: ${text}`).toBeUndefined();
    }
  });
});

describe("the light resolver the app uses", () => {
  it.each(LOCALES)("renders every key of every catalogue in %s exactly as i18next does", async (locale) => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: locale,
      fallbackLng: false,
      ns: NAMESPACES,
      resources: { [locale]: Object.fromEntries(NAMESPACES.map((ns) => [ns, read(locale, ns)])) },
      interpolation: { escapeValue: false },
    });
    i18n.services.formatter?.add("price", (value: number, lng) => formatPrice(value, lng ?? locale));
    for (const ns of NAMESPACES) {
      const catalogue = read(locale, ns);
      // Every plural base once per count, and every other key: each placeholder gets a value.
      const keys = new Set(
        [...flatten(catalogue).keys()].map((key) => key.replace(/_(zero|one|two|few|many|other)$/, "")),
      );
      for (const key of keys) {
        for (const count of [0, 1, 2, 3, 5, 11, 22, 101, 1.5]) {
          // Only the values a key names: i18next hands every value to its Intl formatters as options too.
          const values: Record<string, unknown> = { count };
          for (const [name, format] of placeholderFormats(lookupText(catalogue, key))) {
            if (name in values) continue;
            values[name] = format.startsWith("price")
              ? 8.33
              : format.startsWith("number")
                ? 1234.5
                : format.startsWith("datetime")
                  ? WHEN
                  : `<${name}>`;
          }
          expect(
            formatMessage(catalogue, key, values, locale),
            `${locale}/${ns}: ${key} (count ${count})`,
          ).toBe(i18n.t(key, { ...values, ns }));
        }
      }
    }
  });
});

/** The text of a key, or of any of its plural forms, for the names of its placeholders. */
function lookupText(catalogue: Catalogue, key: string): string {
  const all = flatten(catalogue);
  return [...all]
    .filter(([k]) => k === key || k.startsWith(`${key}_`))
    .map(([, v]) => v)
    .join(" ");
}

const WHEN = new Date(Date.UTC(2026, 10, 23, 12, 30));

/** Each placeholder's name and format (`{{used, number}}` → used, number). */
const placeholderFormats = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*(?:,\s*([^}]+?)\s*)?\}\}/g)].map(
    (m) => [m[1] ?? "", m[2] ?? ""] as const,
  );
