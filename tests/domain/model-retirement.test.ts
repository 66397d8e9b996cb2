// Date-aware retirement: an entry calls its own API model until the shutdown day (UTC), its successor from then.
import { describe, expect, it } from "vitest";
import {
  isRetiredAt,
  MODELS,
  type ModelEntry,
  modelByKey,
  providerModelAt,
  retirementOf,
} from "../../src/domain/models/index.ts";

// tests/domain is typed for Workers (no Node types), so the file system is reached through an untyped import.
const fsModule = "node:fs";
const { readFileSync } = (await import(fsModule)) as { readFileSync(path: URL, encoding: "utf8"): string };

const at = (iso: string) => new Date(iso);
const called = (provider: ModelEntry["provider"], providerModel: string) => ({ provider, providerModel });

describe("providerModelAt", () => {
  it.each([
    ["the day before the shutdown", "openai", "gpt-5-mini", "2026-12-10T23:59:59.999Z", "gpt-5-mini"],
    [
      "the first instant of the shutdown day",
      "openai",
      "gpt-5-mini",
      "2026-12-11T00:00:00.000Z",
      "gpt-6.1-terra",
    ],
    ["later that day", "openai", "gpt-5-mini", "2026-12-11T18:30:00Z", "gpt-6.1-terra"],
    ["months after", "openai", "gpt-5", "2027-06-01T00:00:00Z", "gpt-6.1-sol"],
    [
      "a local evening that is already the next UTC day",
      "openai",
      "gpt-5-nano",
      "2026-12-10T23:30:00-05:00",
      "gpt-6-luna",
    ],
    ["an id already shut down", "openai", "o1", "2026-11-25T12:00:00Z", "gpt-6.1-sol"],
    ["o4-mini, shut down the same day", "openai", "o4-mini", "2026-10-23T00:00:00Z", "gpt-6.1-terra"],
    ["o4-mini the day before", "openai", "o4-mini", "2026-10-22T12:00:00Z", "o4-mini"],
    ["GPT-4o before its January shutdown", "openai", "gpt-4o", "2027-01-13T23:59:59Z", "gpt-4o"],
    ["GPT-4o on it", "openai", "gpt-4o", "2027-01-14T00:00:00Z", "gpt-6-luna"],
    [
      "an id without an announced shutdown",
      "openai",
      "gpt-6.1-terra",
      "2030-01-01T00:00:00Z",
      "gpt-6.1-terra",
    ],
    ["the same id at another provider", "openperplex", "gpt-4o-mini", "2030-01-01T00:00:00Z", "gpt-4o-mini"],
    [
      "a provider without a table",
      "anthropic",
      "claude-sonnet-5-5",
      "2030-01-01T00:00:00Z",
      "claude-sonnet-5-5",
    ],
  ] as const)("%s: %s %s at %s → %s", (_case, provider, id, now, expected) => {
    expect(providerModelAt(called(provider, id), at(now))).toBe(expected);
  });

  it("says whether an id is retired at a moment", () => {
    expect(isRetiredAt(called("openai", "gpt-5"), at("2026-12-10T12:00:00Z"))).toBe(false);
    expect(isRetiredAt(called("openai", "gpt-5"), at("2026-12-11T00:00:00Z"))).toBe(true);
    expect(isRetiredAt(called("openai", "gpt-6-luna"), at("2030-01-01T00:00:00Z"))).toBe(false);
    expect(retirementOf(called("openai", "toString"))).toBeUndefined();
  });
});

/** "id" → "YYYY-MM-DD" from the installed openai SDK's ChatModel doc comment (generated from OpenAI's spec). */
function sdkShutdowns(): Map<string, string> {
  const source = readFileSync(
    new URL("../../node_modules/openai/resources/shared.d.ts", import.meta.url),
    "utf8",
  );
  const comment = source.slice(source.indexOf("Deprecated values:"), source.indexOf("export type ChatModel"));
  const dates = new Map<string, string>();
  for (const bullet of comment.split(/\n \* - /).slice(1)) {
    const date = /shutdown\s+(?:\*\s+)?date:\s+(?:\*\s+)?(\d{4}-\d{2}-\d{2})/.exec(bullet)?.[1];
    if (!date) continue;
    for (const [, id] of bullet.matchAll(/"([^"]+)"/g)) if (id) dates.set(id, date);
  }
  return dates;
}

describe("the OpenAI retirements", () => {
  const sdk = sdkShutdowns();
  const openai = MODELS.filter((m) => m.provider === "openai" && m.type !== "image");

  it("reads the SDK's shutdown list", () => {
    expect(sdk.get("gpt-5-mini")).toBe("2026-12-11");
    expect(sdk.get("o1")).toBe("2026-10-23");
  });

  it.each(openai.map((m) => [m.key, m.providerModel] as const))(
    "%s (%s) retires on the SDK's date, or has none announced",
    (_key, id) => {
      expect(retirementOf(called("openai", id))?.on).toBe(sdk.get(id));
    },
  );

  it.each(openai.map((m) => [m.key] as const))("%s's successor is offered as a current model", (key) => {
    const entry = modelByKey(key);
    if (!entry) throw new Error(`${key} left the catalogue`);
    const successor = retirementOf(entry)?.successor;
    if (!successor) return;
    expect(sdk.has(successor), `${successor} is deprecated in the SDK`).toBe(false);
    expect(retirementOf(called("openai", successor))).toBeUndefined();
    const direct = MODELS.filter((m) => m.provider === "openai" && m.providerModel === successor);
    expect(direct.some((m) => !m.deprecated && m.editable)).toBe(true);
  });

  // As of this catalogue (2026-11-25): entries whose model is shut down are no longer offered, and say who
  // answers them now; entries still served stay offered until their day and name the day.
  const CATALOGUE_DAY = at("2026-11-25T00:00:00Z");
  it.each(openai.filter((m) => retirementOf(m)).map((m) => [m.key] as const))(
    "%s says when and by whom it is answered",
    (key) => {
      const entry = modelByKey(key);
      if (!entry) throw new Error(`${key} left the catalogue`);
      const retirement = retirementOf(entry);
      const successor = MODELS.find((m) => m.providerModel === retirement?.successor && !m.deprecated);
      expect(entry.description).toContain(`answered by ${successor?.label}`);
      if (isRetiredAt(entry, CATALOGUE_DAY)) expect(entry.deprecated).toBe(true);
      else expect(entry.description).toMatch(/\d{1,2} (January|April|December) 202[67]/);
    },
  );
});
