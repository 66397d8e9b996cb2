// Attachment rules: type by magic bytes and extension, sizes, limits, colours, and how files are served.
import { describe, expect, it } from "vitest";
import {
  attachmentDisposition,
  checkUpload,
  documentsFit,
  documentsTotal,
  fileColour,
  formatFileSize,
  imageExtension,
  isAttachmentSetComplete,
  isDocument,
  isLargeDocument,
  isMediaFile,
  judgeUpload,
  MAX_UPLOAD_BYTES,
  sameLocalFile,
  servedContentType,
  sniffFamily,
  UPLOAD_REFUSAL_DETAILS,
  uploadAccept,
} from "../../src/domain/files";

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...new TextEncoder().encode(p)] : p)));

const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0]);
const PDF = bytes("%PDF-1.7\n");
const ZIP = bytes([0x50, 0x4b, 0x03, 0x04, 20, 0]);
const OLE = bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const WAV = bytes("RIFF", [0, 0, 0, 0], "WAVEfmt ");
const MP4 = bytes([0, 0, 0, 24], "ftypisom");
const HTML = bytes("<!DOCTYPE html><html><body>hi</body></html>");
const SVG = bytes('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"></svg>');

describe("sniffFamily", () => {
  it.each([
    [PNG, "png"],
    [JPEG, "jpeg"],
    [bytes("GIF89a"), "gif"],
    [bytes("RIFF", [0, 0, 0, 0], "WEBPVP8 "), "webp"],
    [WAV, "wav"],
    [bytes("RIFF", [0, 0, 0, 0], "AVI LIST"), "avi"],
    [bytes("FORM", [0, 0, 0, 0], "AIFF"), "aiff"],
    [PDF, "pdf"],
    [ZIP, "zip"],
    [OLE, "ole"],
    [bytes("{\\rtf1\\ansi"), "rtf"],
    [bytes("OggS"), "ogg"],
    [bytes("fLaC"), "flac"],
    [bytes("ID3", [3, 0]), "mp3"],
    [bytes([0xff, 0xfb, 0x90]), "mp3"],
    [bytes([0xff, 0xf1, 0x50]), "aac"],
    [MP4, "mp4"],
    [bytes([0, 0, 1, 0xba]), "mpeg"],
    [bytes("FLV", [1]), "flv"],
    [bytes([0x1a, 0x45, 0xdf, 0xa3]), "webm"],
    [bytes([0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11]), "asf"],
    [HTML, "html"],
    [bytes("  <script>alert(1)</script>"), "html"],
    [SVG, "svg"],
    [bytes("<svg></svg>"), "svg"],
    [bytes("plain words, ünïcode"), "text"],
    [bytes([0x4d, 0x5a, 0, 0]), "binary"],
    [bytes([0xc3, 0x28]), "binary"],
  ] as const)("%# is %s", (head, family) => {
    expect(sniffFamily(head)).toBe(family);
  });
});

describe("checkUpload", () => {
  it.each([
    ["photo.png", PNG, "image", "image/png"],
    ["photo.JPG", JPEG, "image", "image/jpeg"],
    ["logo.svg", SVG, "image", "image/svg+xml"],
    ["voice.wav", WAV, "audio", "audio/wav"],
    ["clip.mov", MP4, "video", "video/quicktime"],
    ["report.pdf", PDF, "document", "application/pdf"],
    ["letter.docx", ZIP, "document", "application/x-docx"],
    ["sheet.xls", OLE, "document", "application/vnd.ms-excel"],
    ["data.csv", bytes("a,b\n1,2"), "document", "text/csv"],
    ["main.py", bytes("print('hi')"), "document", "text/plain"],
    ["page.html", HTML, "document", "text/html"],
    ["Makefile", bytes("all:\n\techo"), "document", "text/plain"],
    ["empty.txt", bytes(), "document", "text/plain"],
  ] as const)("keeps %s as %s (%s)", (name, head, kind, type) => {
    expect(checkUpload(name, head)).toEqual({ ok: true, kind, type });
  });

  it.each([
    ["cute-cat.png", HTML, "content"],
    ["photo.jpg", PNG, "content"],
    ["logo.svg", HTML, "content"],
    ["report.pdf", ZIP, "content"],
    ["notes.txt", PNG, "content"],
    ["letter.docx", PDF, "content"],
    ["setup.exe", bytes([0x4d, 0x5a]), "extension"],
    ["archive.zip", ZIP, "extension"],
    ["photo.heic", JPEG, "extension"],
    ["noextension", bytes("text"), "extension"],
  ] as const)("refuses %s (%s)", (name, head, reason) => {
    expect(checkUpload(name, head)).toMatchObject({ ok: false, reason });
  });
});

describe("judgeUpload: the server's rule, which the browser runs before sending", () => {
  it.each([
    ["photo.png", 1_000, PNG, null],
    ["report.pdf", MAX_UPLOAD_BYTES, PDF, null],
    // The size first: a file over the limit is refused whatever it is (its bytes need not be read).
    ["report.pdf", MAX_UPLOAD_BYTES + 1, PDF, [413, "payload_too_large", undefined]],
    ["setup.exe", 10, bytes([0x4d, 0x5a]), [415, "unsupported_media_type", "unsupported type"]],
    ["cute-cat.png", 10, HTML, [415, "unsupported_media_type", "content mismatch"]],
  ] as const)("%s of %s bytes → %j", (name, size, head, refused) => {
    const judged = judgeUpload({ name, size }, head);
    if (refused === null) {
      expect(judged.ok).toBe(true);
      return;
    }
    if (judged.ok) throw new Error(`${name} was kept`);
    const [status, code, detail] = refused;
    expect([judged.refusal.status, judged.refusal.code]).toEqual([status, code]);
    expect(judged.refusal.detail).toBe(detail);
    expect(judged.refusal.message).toMatch(status === 413 ? /at most 32000000 bytes/ : new RegExp(name));
  });
});

describe("judgeUpload for an assistant: documents only (SPEC §5, §8: the documents it reads)", () => {
  it.each([
    ["report.pdf", 1_000, PDF, null],
    ["notes.txt", 5, bytes("notes"), null],
    ["budget.xlsx", 100, ZIP, null],
    ["main.py", 5, bytes("pass\n"), null],
    ["page.html", 40, HTML, null],
    ["photo.png", 1_000, PNG, [415, UPLOAD_REFUSAL_DETAILS.notDocument]],
    ["logo.svg", 100, SVG, [415, UPLOAD_REFUSAL_DETAILS.notDocument]],
    ["song.wav", 1_000, WAV, [415, UPLOAD_REFUSAL_DETAILS.notDocument]],
    ["clip.mp4", 1_000, MP4, [415, UPLOAD_REFUSAL_DETAILS.notDocument]],
    ["setup.exe", 10, bytes([0x4d, 0x5a]), [415, UPLOAD_REFUSAL_DETAILS.notDocument]],
    // Said as not a document before what its bytes are: the kind is what an assistant cannot use.
    ["cute-cat.png", 10, HTML, [415, UPLOAD_REFUSAL_DETAILS.notDocument]],
    ["fake.pdf", 10, HTML, [415, "content mismatch"]],
    ["photo.png", MAX_UPLOAD_BYTES + 1, PNG, [413, undefined]],
  ] as const)("%s of %s bytes → %j", (name, size, head, refused) => {
    const judged = judgeUpload({ name, size }, head, "assistant");
    if (refused === null) {
      expect(judged.ok).toBe(true);
      return;
    }
    if (judged.ok) throw new Error(`${name} was kept`);
    expect([judged.refusal.status, judged.refusal.detail]).toEqual(refused);
    if (refused[1] === UPLOAD_REFUSAL_DETAILS.notDocument)
      expect(judged.refusal.message).toContain("documents only");
  });
});

describe("uploadAccept for an assistant", () => {
  const offered = uploadAccept("assistant").split(",");

  it.each([
    [".pdf", true],
    [".docx", true],
    [".csv", true],
    [".md", true],
    [".py", true],
    [".html", true],
    [".png", false],
    [".svg", false],
    [".mp3", false],
    [".mov", false],
    [".exe", false],
  ] as const)("offers %s in the file picker: %s", (extension, listed) => {
    expect(offered.includes(extension)).toBe(listed);
  });

  it("offers only what an assistant keeps, and every document the messages' picker offers", () => {
    const head = bytes("text");
    const refused = offered.filter((extension) => {
      const judged = judgeUpload({ name: `file${extension}`, size: 4 }, head, "assistant");
      return !judged.ok && judged.refusal.detail !== "content mismatch";
    });
    expect(refused).toEqual([]);
    const documents = uploadAccept()
      .split(",")
      .filter((extension) => isDocument({ name: `file${extension}` }));
    expect(offered).toEqual(documents);
  });
});

describe("uploadAccept", () => {
  const offered = uploadAccept().split(",");

  it.each([
    [".png", true],
    [".jpg", true],
    [".svg", true],
    [".mp3", true],
    [".mov", true],
    [".pdf", true],
    [".docx", true],
    [".csv", true],
    [".py", true],
    [".ts", true],
    [".exe", false],
    [".zip", false],
    [".heic", false],
    [".m4a", false],
  ] as const)("offers %s in the file picker: %s", (extension, listed) => {
    expect(offered.includes(extension)).toBe(listed);
  });

  it("offers only extensions the server keeps by name, each once", () => {
    const refused = offered.filter((extension) => {
      const check = checkUpload(`file${extension}`, bytes());
      return !check.ok && check.reason === "extension";
    });
    expect(refused).toEqual([]);
    expect(new Set(offered).size).toBe(offered.length);
  });
});

describe("serving", () => {
  it.each([
    ["image/png", "image/png"],
    ["image/svg+xml", "image/svg+xml"],
    ["audio/wav", "audio/wav"],
    ["video/mp4", "video/mp4"],
    ["application/pdf", "application/pdf"],
    ["text/html", "application/octet-stream"],
    ["text/plain", "application/octet-stream"],
    ["application/x-docx", "application/octet-stream"],
    [null, "application/octet-stream"],
    ["video/mp4; x=<script>", "application/octet-stream"],
  ] as const)("%s is served as %s", (type, served) => {
    expect(servedContentType(type)).toBe(served);
  });

  it.each([
    ["photo.png", `attachment; filename="photo.png"; filename*=UTF-8''photo.png`],
    ['a"b;c.txt', `attachment; filename="a_b_c.txt"; filename*=UTF-8''a%22b%3Bc.txt`],
    ["été.pdf", `attachment; filename="_t_.pdf"; filename*=UTF-8''%C3%A9t%C3%A9.pdf`],
    ["it's (1).md", `attachment; filename="it's (1).md"; filename*=UTF-8''it%27s%20%281%29.md`],
  ])("disposition of %s", (name, header) => {
    expect(attachmentDisposition(name)).toBe(header);
  });
});

describe("sizes (SPEC §5)", () => {
  it.each([
    [0, "0 B"],
    [999, "999 B"],
    [1_000, "1 KB"],
    [1_499, "1 KB"],
    [1_500, "2 KB"],
    [999_499, "999 KB"],
    [999_500, "1 MB"],
    [1_000_000, "1 MB"],
    [10_600_000, "11 MB"],
    [32_000_000, "32 MB"],
  ])("%d bytes shows as %s", (size, shown) => {
    expect(formatFileSize(size)).toBe(shown);
  });

  it.each([
    [{ name: "a.pdf", type: "application/pdf", size: 10_000_000 }, false],
    [{ name: "a.pdf", type: "application/pdf", size: 10_000_001 }, true],
    [{ name: "a.png", type: "image/png", size: 20_000_000 }, false],
    [{ name: "clip.mp4", type: "video/mp4", size: 20_000_000 }, false],
  ])("large document %# → %s", (file, flagged) => {
    expect(isLargeDocument(file)).toBe(flagged);
  });

  it("counts only documents towards the 32,000,000-byte total", () => {
    const files = [
      { name: "a.pdf", type: "application/pdf", size: 20_000_000 },
      { name: "b.png", type: "image/png", size: 30_000_000 },
      { name: "c.md", type: "text/markdown", size: 12_000_000 },
    ];
    expect(documentsTotal(files)).toBe(32_000_000);
    expect(documentsFit(files)).toBe(true);
    expect(documentsFit([...files, { name: "d.txt", type: "text/plain", size: 1 }])).toBe(false);
  });
});

describe("local files, media, images and sets (SPEC §5)", () => {
  const file = { name: "a.png", size: 10, type: "image/png", lastModified: 1 };
  it.each([
    [file, true],
    [{ ...file, lastModified: 2 }, false],
    [{ ...file, size: 11 }, false],
    [{ ...file, name: "b.png" }, false],
    [{ ...file, type: "image/jpeg" }, false],
  ])("same file %# → %s", (other, same) => {
    expect(sameLocalFile(file, other)).toBe(same);
  });

  it.each([
    [{ name: "a.wav", type: "audio/wav" }, true],
    [{ name: "a.mp4", type: "video/mp4" }, true],
    [{ name: "a.png", type: "image/png" }, false],
    [{ name: "a.pdf", type: "application/pdf" }, false],
  ])("media %# → %s", (f, media) => {
    expect(isMediaFile(f)).toBe(media);
  });

  it.each([
    [{ name: "logo.svg", type: "" }, "svg"],
    [{ name: "logo", type: "image/svg+xml" }, "svg"],
    [{ name: "photo.jpg", type: "" }, "jpeg"],
    [{ name: "photo", type: "image/jpg" }, "jpeg"],
    [{ name: "a.png", type: "image/png" }, "png"],
    [{ name: "a.webp", type: "" }, "webp"],
    [{ name: "a.bmp", type: "image/bmp" }, "jpeg"],
  ])("image extension of %o is %s", (f, ext) => {
    expect(imageExtension(f)).toBe(ext);
  });

  it.each([
    [[], false],
    [null, false],
    [[{ id: "1", name: "a", type: "t", content: {}, size: 1, fileHash: null }], true],
    [[{ id: "1", name: "a", type: null, content: {}, size: 1, fileHash: "h" }], false],
    [
      [
        { id: "1", name: "a", type: "t", content: {}, size: 0 },
        { id: "2", name: "b", type: "t", content: null, size: 0 },
      ],
      false,
    ],
  ])("complete set %# → %s", (set, complete) => {
    expect(isAttachmentSetComplete(set)).toBe(complete);
  });
});

describe("file-type colours (SPEC §3)", () => {
  it.each([
    ["a.pdf", "pdf"],
    ["a.docx", "doc"],
    ["a.html", "html"],
    ["a.xlsx", "sheet"],
    ["a.csv", "sheet"],
    ["a.py", "code"],
    ["a.json", "data"],
    ["a.pptx", "presentation"],
    ["a.js", "js"],
    ["a.ts", "ts"],
    ["a.sh", "script"],
    ["a.png", null],
    ["a.mp3", null],
  ])("%s → %s", (name, colour) => {
    expect(fileColour({ name })).toBe(colour);
  });
});
