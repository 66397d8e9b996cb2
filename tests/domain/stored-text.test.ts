// Bodies Postgres could not store: the path of the first U+0000, in values and in keys.
import { describe, expect, it } from "vitest";
import { nulCharacterPath } from "../../src/domain/stored-text";

describe("the NUL character in a parsed body", () => {
  it.each([
    [{ title: "a\u0000b" }, "title"],
    [{ id: 1, title: "fine" }, null],
    [{ assistant: { label: "ok", preprompt: "x\u0000" } }, "assistant.preprompt"],
    [{ list: ["a", "b\u0000"] }, "list.1"],
    [{ config: { "bad\u0000key": 1 } }, "config.bad\\u0000key"],
    ["\u0000", ""],
    [null, null],
    [42, null],
    [{ deep: [{ deeper: [{ text: "\u0000" }] }] }, "deep.0.deeper.0.text"],
  ] as const)("%j → %s", (body, path) => {
    expect(nulCharacterPath(body)).toBe(path);
  });
});
