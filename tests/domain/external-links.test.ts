// External links of SPEC §2: only configured, well-formed addresses become links.
import { describe, expect, it } from "vitest";
import {
  EXTERNAL_LINK_KEYS,
  EXTERNAL_LINK_VARIABLES,
  externalLinksFrom,
} from "../../src/domain/external-links.ts";

describe("external links", () => {
  it("are all hidden without configuration", () => {
    expect(externalLinksFrom({})).toEqual({});
  });

  it("keeps each configured address under its key", () => {
    const env = Object.fromEntries(
      EXTERNAL_LINK_KEYS.map((key) => [EXTERNAL_LINK_VARIABLES[key], `https://example.org/${key}`]),
    );
    const links = externalLinksFrom(env);
    expect(Object.keys(links)).toEqual([...EXTERNAL_LINK_KEYS]);
    expect(links.promptTips).toBe("https://example.org/promptTips");
  });

  it.each([
    ["VITE_COMMUNITY_URL", "  ", undefined],
    ["VITE_COMMUNITY_URL", "javascript:alert(1)", undefined],
    ["VITE_COMMUNITY_URL", "not a url", undefined],
    ["VITE_COMMUNITY_URL", "mailto:team@example.org", undefined],
    ["VITE_SUPPORT_URL", "mailto:help@example.org", "mailto:help@example.org"],
    ["VITE_SUPPORT_URL", "mailto:nobody", undefined],
    ["VITE_DOCS_URL", " https://docs.example.org ", "https://docs.example.org/"],
  ])("%s=%j → %s", (variable, value, expected) => {
    const key = EXTERNAL_LINK_KEYS.find((k) => EXTERNAL_LINK_VARIABLES[k] === variable);
    expect(key && externalLinksFrom({ [variable]: value })[key]).toBe(expected);
  });
});
