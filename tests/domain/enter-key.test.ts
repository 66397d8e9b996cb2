// Enter sends on a desktop and breaks the line on a touch screen, Ctrl/⌘+Enter sends on both; the open chat's
// first frame (public/theme-boot.js) decides as the composer's rule does.
import { readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { type EnterPress, enterSends, TOUCH_SCREEN_QUERY } from "../../src/domain/chat/enter-key.ts";

const press = (key: string, modifiers: Partial<EnterPress> = {}): EnterPress => ({
  key,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  isComposing: false,
  ...modifiers,
});

// [what is pressed, sends on a desktop, sends on a touch screen, the press]
const cases: [string, boolean, boolean, EnterPress][] = [
  ["Enter", true, false, press("Enter")],
  ["Shift+Enter", false, false, press("Enter", { shiftKey: true })],
  ["Ctrl+Enter", true, true, press("Enter", { ctrlKey: true })],
  ["⌘+Enter", true, true, press("Enter", { metaKey: true })],
  ["Ctrl+Shift+Enter", true, true, press("Enter", { ctrlKey: true, shiftKey: true })],
  ["Enter picking an input method's candidate", false, false, press("Enter", { isComposing: true })],
  ["Ctrl+Enter while composing", false, false, press("Enter", { ctrlKey: true, isComposing: true })],
  ["a letter", false, false, press("a")],
  ["Ctrl+K", false, false, press("k", { ctrlKey: true })],
];

describe("enterSends", () => {
  it.each(cases)("%s: on a desktop %s, on a touch screen %s", (_, desktop, touch, pressed) => {
    expect(enterSends(pressed, false)).toBe(desktop);
    expect(enterSends(pressed, true)).toBe(touch);
  });
});

const script = readFileSync(new URL("../../public/theme-boot.js", import.meta.url), "utf8");

/** Runs the boot script with a frame's field holding `value`, presses a key in it, says whether it was sent. */
function frameSends(pressed: EnterPress, touchScreen: boolean, value = "Some words"): boolean {
  const listeners: ((event: unknown) => void)[] = [];
  const marks = new Set<string>();
  const field = {
    value,
    classList: { contains: (name: string) => name === "boot-input" },
    setAttribute: (name: string) => marks.add(name),
  };
  runInNewContext(script, {
    window: { matchMedia: (query: string) => ({ matches: query === TOUCH_SCREEN_QUERY && touchScreen }) },
    location: { pathname: "/app/a/default/c/1" },
    navigator: { languages: [] },
    localStorage: { getItem: () => null },
    document: {
      cookie: "",
      documentElement: {
        setAttribute: () => {},
        getAttribute: () => null,
        hasAttribute: () => false,
        style: {},
      },
      addEventListener: (type: string, listener: (event: unknown) => void) => {
        if (type === "keydown") listeners.push(listener);
      },
      getElementById: () => null,
      querySelector: () => null,
    },
  });
  expect(listeners).toHaveLength(1);
  let prevented = false;
  listeners[0]?.({ ...pressed, altKey: false, target: field, preventDefault: () => (prevented = true) });
  expect(prevented).toBe(marks.has("data-send"));
  return marks.has("data-send");
}

describe("an open chat's first frame (theme-boot.js)", () => {
  it.each(cases)("%s: sent on a desktop %s, on a touch screen %s", (_, desktop, touch, pressed) => {
    expect(frameSends(pressed, false)).toBe(desktop);
    expect(frameSends(pressed, true)).toBe(touch);
  });

  it("sends no empty field", () => {
    expect(frameSends(press("Enter"), false, "  \n")).toBe(false);
    expect(frameSends(press("Enter", { ctrlKey: true }), true, "")).toBe(false);
  });
});
