// Document rules: which extractor reads a file name, and how text is cut into overlapping passages.
import { describe, expect, it } from "vitest";
import { chunkBlocks, type TextBlock } from "../../src/domain/documents/chunk";
import { documentFormat, extensionOf } from "../../src/domain/documents/formats";
import { passageOrder } from "../../src/domain/documents/passage-order";

describe("documentFormat", () => {
  it.each([
    ["Report.PDF", "pdf"],
    ["a.docx", "docx"],
    ["b.xlsx", "xlsx"],
    ["c.pptx", "pptx"],
    ["d.odt", "odt"],
    ["e.odp", "odp"],
    ["book.epub", "epub"],
    ["letter.rtf", "rtf"],
    ["data.csv", "csv"],
    ["data.tsv", "csv"],
    ["subs.srt", "subtitle"],
    ["subs.vtt", "subtitle"],
    ["notes.md", "text"],
    ["config.yaml", "text"],
    ["main.rs", "text"],
    ["Dockerfile", "text"],
    ["page.html", "html"],
    ["photo.png", null],
    ["movie.mp4", null],
    ["noextension", null],
  ])("%s → %s", (name, format) => {
    expect(documentFormat(name)).toBe(format);
  });

  it("takes the extension of the last path segment", () => {
    expect(extensionOf("dir.v2/file")).toBe("file");
    expect(extensionOf("archive.tar.GZ")).toBe("gz");
    expect(extensionOf(".env")).toBe(".env");
  });
});

const words = (n: number, word = "word") => Array.from({ length: n }, (_, i) => `${word}${i}`).join(" ");

describe("chunkBlocks", () => {
  it.each<[string, TextBlock[], { min: number; max: number; maxChars: number }]>([
    ["nothing", [], { min: 0, max: 0, maxChars: 0 }],
    ["blank blocks", [{ text: "  \n " }], { min: 0, max: 0, maxChars: 0 }],
    ["one short block", [{ text: "Hello." }], { min: 1, max: 1, maxChars: 6 }],
    [
      "short blocks join",
      Array.from({ length: 10 }, () => ({ text: "A short paragraph." })),
      { min: 1, max: 1, maxChars: 200 },
    ],
    ["a long block is split", [{ text: words(1000) }], { min: 6, max: 12, maxChars: 1200 }],
  ])("%s", (_, blocks, expected) => {
    const passages = chunkBlocks(blocks);
    expect(passages.length).toBeGreaterThanOrEqual(expected.min);
    expect(passages.length).toBeLessThanOrEqual(expected.max);
    for (const p of passages) expect(p.text.length).toBeLessThanOrEqual(expected.maxChars);
    expect(passages.map((p) => p.index)).toEqual(passages.map((_, i) => i));
  });

  it("repeats the end of a passage at the start of the next, at a word", () => {
    const passages = chunkBlocks([{ text: words(400) }], { chunkChars: 300, overlapChars: 60 });
    for (let i = 1; i < passages.length; i++) {
      const head = passages[i]?.text.split(" ").slice(0, 3).join(" ") ?? "";
      expect(passages[i - 1]?.text).toContain(head);
      expect(passages[i]?.text.split(" ")[0]).toMatch(/^word\d+$/);
    }
  });

  it("loses no word: every word of the text is in some passage", () => {
    const text = words(700);
    const passages = chunkBlocks([{ text }], { chunkChars: 250, overlapChars: 40 });
    const seen = new Set(passages.flatMap((p) => p.text.split(/\s+/)));
    for (const w of text.split(" ")) expect(seen.has(w)).toBe(true);
  });

  it("starts a new passage at a heading once the current one is half full, and labels it", () => {
    const passages = chunkBlocks(
      [
        { text: "Intro", isHeading: true },
        { text: words(40, "a") },
        { text: "Methods", isHeading: true },
        { text: words(5, "b") },
      ],
      { chunkChars: 300, overlapChars: 50 },
    );
    const methods = passages.find((p) => p.text.startsWith("Methods"));
    expect(methods?.heading).toBe("Methods");
    expect(passages[0]?.heading).toBe("Intro");
  });

  it("labels a passage with the pages of its own text, not of the overlap", () => {
    const passages = chunkBlocks(
      [
        { text: words(60, "p1_"), page: 1 },
        { text: words(60, "p2_"), page: 2 },
        { text: "short", page: 3 },
      ],
      { chunkChars: 500, overlapChars: 80 },
    );
    // Each passage's page is the page of its first word after the overlap it repeats.
    for (const p of passages.slice(1)) {
      const firstOwn = p.text.slice(80).split(/\s+/)[1] ?? "";
      expect(p.page).toBe(firstOwn.startsWith("p1_") ? 1 : firstOwn.startsWith("p2_") ? 2 : 3);
    }
    expect(passages.at(-1)).toMatchObject({ page: 3, pageEnd: 3 });
    expect(passages[0]).toMatchObject({ page: 1, pageEnd: 1 });
  });
});

describe("passageOrder", () => {
  const passage = (id: string) => {
    const [attachmentId = "", index = "0"] = id.split(":");
    return { id, metadata: { attachmentId, index: Number(index) } };
  };
  // Found nearest first; given to the model by best document, each in reading order.
  it.each([
    [["zanzibar:0"], ["zanzibar:0"]],
    // The nearest passage's document leads, whatever the names' alphabetical order.
    [
      ["zanzibar:1", "report:0", "zanzibar:0"],
      ["zanzibar:0", "zanzibar:1", "report:0"],
    ],
    [
      ["report:3", "zanzibar:0", "report:1"],
      ["report:1", "report:3", "zanzibar:0"],
    ],
    [
      ["b:2", "a:5", "c:0", "a:1", "b:0"],
      ["b:0", "b:2", "a:1", "a:5", "c:0"],
    ],
    [[], []],
  ])("%j → %j", (found, expected) => {
    expect(passageOrder(found.map(passage)).map((p) => p.id)).toEqual(expected);
  });
});
