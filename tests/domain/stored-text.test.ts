// Bodies Postgres could not store as sent: the path of the first U+0000 or half surrogate pair, in values and keys.
import { describe, expect, it } from "vitest";
import { unstorableText, unstorableTextPath } from "../../src/domain/stored-text";

describe("text that cannot be stored in a parsed body", () => {
  it.each([
    [{ title: "a\u0000b" }, { path: "title", problem: "nul" }],
    [{ id: 1, title: "fine" }, null],
    [{ assistant: { label: "ok", preprompt: "x\u0000" } }, { path: "assistant.preprompt", problem: "nul" }],
    [{ list: ["a", "b\u0000"] }, { path: "list.1", problem: "nul" }],
    [{ config: { "bad\u0000key": 1 } }, { path: "config.bad\\u0000key", problem: "nul" }],
    ["\u0000", { path: "", problem: "nul" }],
    [null, null],
    [42, null],
    [{ deep: [{ deeper: [{ text: "\u0000" }] }] }, { path: "deep.0.deeper.0.text", problem: "nul" }],
    // Half a surrogate pair, which UTF-8 cannot hold: in a value, in a key, at either end.
    [{ items: [{ model: "m\ud800" }] }, { path: "items.0.model", problem: "surrogate" }],
    [{ config: { "\ud800z": 1 } }, { path: "config.\\ud800z", problem: "surrogate" }],
    [{ config: ["z\udfff"] }, { path: "config.0", problem: "surrogate" }],
    // A whole pair is an ordinary character (an emoji).
    [{ title: "owl 🦉" }, null],
  ] as const)("%j → %j", (body, found) => {
    expect(unstorableTextPath(body)).toEqual(found);
  });

  it.each([
    ["plain", null],
    ["🦉", null],
    ["\ud83e", "surrogate"],
    ["\udd89", "surrogate"],
    ["\udd89\ud83e", "surrogate"],
    ["a\u0000", "nul"],
  ] as const)("%j → %s", (text, problem) => {
    expect(unstorableText(text)).toBe(problem);
  });
});
