// A message's files: the first 20 are taken, the rest left out; a refused upload names the rule it broke.
import { describe, expect, it } from "vitest";
import { refusalReason, withinMessageLimit } from "../../src/domain/composer-files";
import { judgeUpload, MAX_ATTACHMENTS_PER_MESSAGE, type UploadPurpose } from "../../src/domain/files";

const names = (count: number) => Array.from({ length: count }, (_, i) => `f${i}`);

describe("withinMessageLimit", () => {
  it.each([
    // held, picked, taken, left out
    [0, 3, 3, 0],
    [0, 20, 20, 0],
    [0, 21, 20, 1],
    [0, 25, 20, 5],
    [18, 5, 2, 3],
    [20, 2, 0, 2],
    [23, 1, 0, 1],
    [5, 0, 0, 0],
  ])("with %i attached, of %i picked takes %i and leaves out %i", (held, picked, taken, leftOut) => {
    const result = withinMessageLimit(held, names(picked));
    expect(result.taken).toEqual(names(taken));
    expect(result.leftOut).toBe(leftOut);
  });

  it("defaults to the send route's limit", () => {
    expect(MAX_ATTACHMENTS_PER_MESSAGE).toBe(20);
    expect(withinMessageLimit(0, names(30), 4)).toEqual({ taken: names(4), leftOut: 26 });
  });
});

describe("refusalReason", () => {
  const html = new TextEncoder().encode("<!DOCTYPE html><p>hi</p>");
  const refusal = (name: string, size: number, head: Uint8Array, purpose: UploadPurpose) => {
    const judged = judgeUpload({ name, size }, head, purpose);
    if (judged.ok) throw new Error(`${name} was kept`);
    const { code, detail } = judged.refusal;
    return refusalReason(code, detail ? [{ path: "file", message: detail }] : undefined);
  };

  // Through judgeUpload itself: the reasons follow the details the rule (and so the server) answers.
  it.each([
    ["big.txt", 32_000_001, new TextEncoder().encode("aaa"), "message", "tooLarge"],
    ["fake.png", 24, html, "message", "notWhatItSays"],
    ["tool.exe", 3, new Uint8Array([0x4d, 0x5a, 0]), "message", "notSupported"],
    ["map.png", 24, html, "assistant", "notDocument"],
    ["big.txt", 32_000_001, new TextEncoder().encode("aaa"), "assistant", "tooLarge"],
  ] as const)("%s of %i bytes (%o) for a %s → %s", (name, size, head, purpose, reason) => {
    expect(refusal(name, size, head, purpose)).toBe(reason);
  });

  it.each([
    ["payload_too_large", undefined, "tooLarge"],
    ["unsupported_media_type", [{ path: "file", message: "content mismatch" }], "notWhatItSays"],
    ["unsupported_media_type", [{ path: "file", message: "unsupported type" }], "notSupported"],
    ["unsupported_media_type", undefined, null],
    ["unsupported_media_type", [{ path: "other", message: "content mismatch" }], null],
    ["unsupported_media_type", [{ path: "file", message: "toString" }], null],
    ["unsupported_media_type", [null, "x"], null],
    ["invalid_input", [{ path: "file", message: "must be a file" }], null],
    ["internal_error", undefined, null],
  ] as const)("%s with %j is %s", (code, details, reason) => {
    expect(refusalReason(code, details)).toBe(reason);
  });
});
