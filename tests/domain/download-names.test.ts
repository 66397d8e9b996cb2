// Names for downloaded files: safe on any disk, unique in a folder, and a generated picture's readable name.
import { describe, expect, it } from "vitest";
import {
  generatedKeyPlace,
  imageDownloadName,
  keyExtension,
  safeFileName,
  uniqueName,
} from "../../src/domain/download-names.ts";

describe("safeFileName", () => {
  it.each([
    ["report.pdf", "report.pdf"],
    ["a/b\\c.txt", "a_b_c.txt"],
    ['what: "this"?.png', "what_ _this_.png"],
    ["..", "file"],
    ["  .env ", "env"],
    ["tab\there\nnew", "tab here new"],
    ["", "file"],
    ["Æsop's fables — 日本.md", "Æsop's fables — 日本.md"],
    [`${"x".repeat(120)}.docx`, `${"x".repeat(95)}.docx`],
  ])("%j → %j", (name, safe) => {
    expect(safeFileName(name)).toBe(safe);
  });
});

describe("uniqueName", () => {
  it("numbers repeats before the extension, without regard to case", () => {
    const taken = new Set<string>();
    expect(["a.png", "A.png", "a.png", "notes", "notes"].map((n) => uniqueName(n, taken))).toEqual([
      "a.png",
      "A-2.png",
      "a-3.png",
      "notes",
      "notes-2",
    ]);
  });
});

describe("a generated picture's download", () => {
  it.each<[string, ReturnType<typeof generatedKeyPlace>]>([
    ["generated/5/12/34/0b1e.png", { chatId: 12, messageId: 34 }],
    ["generated/5/0b1e.png", null],
    ["generated/6/12/34/0b1e.png", null],
    ["generated/5/12/34/extra/0b1e.png", null],
  ])("%j comes from %j", (key, place) => {
    expect(generatedKeyPlace(key, 5)).toEqual(place);
  });

  it.each([
    ["Compare apples & pears", 1, "png", "Compare apples & pears-1.png"],
    ["Stable Diffusion 3.5 Large Turbo", 2, "webp", "Stable Diffusion 3.5 Large Turbo-2.webp"],
    ["../../etc/passwd", 1, "png", "_.._etc_passwd-1.png"],
    ["   ", 3, "jpg", "image-3.jpg"],
    ["a".repeat(200), 1, "png", `${"a".repeat(80)}-1.png`],
  ])("%j, picture %i → %j", (label, n, ext, name) => {
    expect(imageDownloadName(label, n, ext)).toBe(name);
  });

  it.each([
    ["generated/5/1/2/x.PNG", "png"],
    ["generated/5/1/2/x", "bin"],
  ])("%j has extension %j", (key, ext) => {
    expect(keyExtension(key, "bin")).toBe(ext);
  });
});
