// Assistant rules (SPEC §3): the 7-colour palette, reserved and trimmed labels, the /app/assistants/{action} parameter.
import { describe, expect, it } from "vitest";
import { assistantOfSegment, matchAppRoute, paramsAreValid } from "../../src/domain/app-routes";
import {
  ASSISTANT_COLOR_NAMES,
  ASSISTANT_COLORS,
  ASSISTANT_ICONS,
  ASSISTANT_IMAGE_MAX,
  assistantActionOf,
  colorOf,
  isAssistantColor,
  isAssistantIcon,
  isReservedLabel,
  normalizeLabel,
} from "../../src/domain/assistants";

describe("the assistant palette", () => {
  it("offers 7 distinct colours", () => {
    expect(ASSISTANT_COLOR_NAMES).toHaveLength(7);
    expect(new Set(Object.values(ASSISTANT_COLORS)).size).toBe(7);
    for (const hex of Object.values(ASSISTANT_COLORS)) expect(hex).toMatch(/^#[0-9a-f]{6}$/);
  });

  it.each([
    ["blue", true],
    ["brown", true],
    ["Blue", false],
    ["chartreuse", false],
    ["constructor", false],
    ["toString", false],
    ["", false],
    [null, false],
    [3, false],
  ])("%j is a palette colour: %s", (value, expected) => {
    expect(isAssistantColor(value)).toBe(expected);
  });

  it.each([
    ["violet", ASSISTANT_COLORS.violet],
    [null, ASSISTANT_COLORS.green],
    [undefined, ASSISTANT_COLORS.green],
    ["retired", ASSISTANT_COLORS.green],
  ])("the swatch of %j is %s", (prop, expected) => {
    expect(colorOf(prop)).toBe(expected);
  });

  it("every icon fits the image column", () => {
    for (const icon of ASSISTANT_ICONS) expect(icon.length).toBeLessThanOrEqual(ASSISTANT_IMAGE_MAX);
  });

  it.each([
    ["🤖", true],
    ["✍️", true],
    ["✍", false],
    ["🙂", false],
    ["<script>", false],
    ["🤖🤖", false],
    [" 🤖", false],
    ["", false],
    [null, false],
    [1, false],
  ])("%j is an offered icon: %s", (value, expected) => {
    expect(isAssistantIcon(value)).toBe(expected);
  });
});

describe("assistant labels", () => {
  it.each([
    ["  Coach ", "Coach"],
    ["Two  words", "Two  words"],
    ["\tTabbed\n", "Tabbed"],
  ])("%j is stored as %j", (label, expected) => {
    expect(normalizeLabel(label)).toBe(expected);
  });

  it.each([
    ["SWITCHBOARD", true],
    ["switchboard", true],
    [" Switchboard ", true],
    ["Switchboard 2", false],
    ["Coach", false],
  ])("%j is the built-in assistant's label: %s", (label, expected) => {
    expect(isReservedLabel(label)).toBe(expected);
  });
});

describe("/app/assistants/{action}", () => {
  it.each([
    ["new", { kind: "new" }],
    ["12", { kind: "edit", id: 12 }],
    ["0", null],
    ["edit", null],
    ["-3", null],
    ["1234567890123456", null],
    [undefined, null],
  ])("%j is %j", (action, expected) => {
    expect(assistantActionOf(action)).toEqual(expected);
  });

  it.each([
    ["/app/assistants/new", true],
    ["/app/assistants/42", true],
    ["/app/assistants/whatever", false],
    ["/app/assistants/4x", false],
  ])("%s passes the route parameter check: %s", (path, expected) => {
    const match = matchAppRoute(path);
    expect(match).not.toBeNull();
    expect(match && paramsAreValid(match)).toBe(expected);
  });
});

describe("an address's assistant segment", () => {
  it.each([
    ["default", null],
    ["7", 7],
    ["123456", 123456],
  ])("%s names %s", (segment, id) => {
    expect(assistantOfSegment(segment)).toBe(id);
  });
});
