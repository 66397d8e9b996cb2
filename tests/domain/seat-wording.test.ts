// The seat wording of the pricing and account pages: one word for "seat" per language (a reader who buys
// "puestos" on the pricing page manages the same "puestos" in the team settings), numbers in the locale's format,
// and the review's wording fixes for es, it, pt, ro and ca held by their rendered text.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type Catalogue, formatMessage } from "../../src/domain/message-format.ts";

const read = (locale: string, ns: string): Catalogue =>
  JSON.parse(
    readFileSync(new URL(`../../client/i18n/locales/${locale}/${ns}.json`, import.meta.url), "utf8"),
  );

function flatten(node: Catalogue, prefix = ""): [string, string][] {
  return Object.entries(node).flatMap(([key, value]) =>
    typeof value === "string" ? [[prefix + key, value]] : flatten(value, `${prefix}${key}.`),
  );
}

const word = (source: string) => new RegExp(`(?<!\\p{L})(${source})(?!\\p{L})`, "iu");

/** Each language's word for a seat, and the words it must no longer use for one. */
const SEAT_WORDS: [locale: string, used: RegExp, others: RegExp][] = [
  ["es", word("puestos?"), word("plazas?")],
  ["it", word("postazion[ei]"), word("post[oi]")],
  ["pt", word("licenças?"), word("vagas?|lugar|lugares")],
  ["ca", word("plaça|places"), word("seients?")],
];

describe.each(SEAT_WORDS)("the %s word for a seat", (locale, used, others) => {
  it("is the one the API's errors use too (a full team, invitations holding seats)", () => {
    // The API's messages: elsewhere "lugares" is Portuguese for places ("em todos os lugares").
    for (const [key, text] of flatten(read(locale, "errors")).filter(([key]) => key.startsWith("api."))) {
      expect(text, `${locale}/errors: ${key}`).not.toMatch(others);
    }
    const noFreeSeat = flatten(read(locale, "errors")).find(([key]) => key === "api.no_free_seat");
    expect(noFreeSeat?.[1]).toMatch(used);
  });

  it.each(["pricing", "account"])("is the only one in %s, wherever English speaks of seats", (ns) => {
    const english = new Map(flatten(read("en", ns)).map(([key, text]) => [key.replace(/_\w+$/, ""), text]));
    const aboutSeats = flatten(read(locale, ns)).filter(([key]) =>
      // Placeholders named "seats" are numbers, not the word.
      /seat/i.test((english.get(key.replace(/_\w+$/, "")) ?? "").replace(/\{\{[^}]*\}\}/g, "")),
    );
    expect(aboutSeats.length).toBeGreaterThan(5);
    for (const [key, text] of aboutSeats) {
      expect(text, `${locale}/${ns}: ${key}`).toMatch(used);
      expect(text, `${locale}/${ns}: ${key}`).not.toMatch(others);
    }
  });
});

describe("the rendered texts", () => {
  it.each([
    [
      "pt",
      "pricing",
      "team.seatsInvalid",
      { max: 1000 },
      "Indique um número inteiro de licenças entre 1 e 1.000.",
    ],
    [
      "ro",
      "pricing",
      "team.seatsInvalid",
      { max: 1000 },
      "Introdu un număr întreg de locuri între 1 și 1.000.",
    ],
    [
      "ca",
      "pricing",
      "team.seatsInvalid",
      { max: 1000 },
      "Introdueix un nombre enter de places entre 1 i 1.000.",
    ],
    ["es", "account", "billing.seatsUsed", { count: 2, used: 2, seats: 5 }, "2 de 5 en uso"],
    ["it", "account", "billing.seatsUsed", { count: 2, used: 2, seats: 5 }, "2 su 5 in uso"],
    ["pt", "account", "billing.seatsUsed", { count: 2, used: 2, seats: 5 }, "2 de 5 em uso"],
    ["ca", "account", "billing.seatsUsed", { count: 2, used: 2, seats: 5 }, "2 de 5 en ús"],
    ["es", "account", "team.seatsUsed", { count: 2, used: 2, total: 5 }, "2 de 5 puestos ocupados"],
    ["pt", "account", "team.seatsUsed", { count: 1, used: 1, total: 5 }, "1 licença em uso de 5"],
    ["ro", "pricing", "popular", {}, "Cel mai popular"],
    ["ro", "pricing", "billing.save", { percent: 17 }, "economisești până la 17 %"],
    ["ro", "account", "settings.themeHint", {}, "Luminoasă, întunecată sau ca dispozitivul tău."],
    [
      "ca",
      "account",
      "delete.hint",
      {},
      "Si et vas registrar amb Google o GitHub, escriu-hi la teva adreça electrònica en lloc de la contrasenya.",
    ],
    [
      "ca",
      "account",
      "delete.text",
      {},
      "Els teus xats, assistents, fitxers i configuració s'eliminen de seguida i es tanca la sessió a tot arreu. No es pot desfer.",
    ],
  ] as const)("%s %s %s: %j", (locale, ns, key, values, text) => {
    expect(formatMessage(read(locale, ns), key, values, locale)).toBe(text);
  });
});
