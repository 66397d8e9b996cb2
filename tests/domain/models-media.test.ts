// Which kind of input an attached file is, from its MIME type or its name (SPEC §3 supported media).
import { describe, expect, it } from "vitest";
import { extensionOf, type FileDescriptor, type FileKind, fileKind } from "../../src/domain/models/index.ts";

const cases: [string, FileDescriptor, FileKind | null][] = [
  ["a PNG photo", { type: "image/png", name: "photo.png" }, "image"],
  ["a JPEG with the non-standard image/jpg type", { type: "image/jpg", name: "a.jpg" }, "image"],
  ["an SVG drawing", { type: "image/svg+xml", name: "logo.svg" }, "image"],
  ["a WebP without a MIME type", { type: "", name: "pic.WEBP" }, "image"],
  ["a GIF", { type: "image/gif", name: "cat.gif" }, "image"],
  ["a HEIC photo (unsupported image)", { type: "image/heic", name: "IMG_1.heic" }, null],
  ["a WAV recording", { type: "audio/wav", name: "memo.wav" }, "audio"],
  ["an MP3 song", { type: "audio/mpeg", name: "song.mp3" }, "audio"],
  ["an AIFF sample", { type: "audio/aiff", name: "s.aiff" }, "audio"],
  ["an AAC clip", { type: "audio/aac", name: "c.aac" }, "audio"],
  ["an OGG file named only", { name: "voice.ogg" }, "audio"],
  ["a FLAC album track", { type: "audio/flac", name: "t.flac" }, "audio"],
  ["an M4A (unsupported audio)", { type: "audio/x-m4a", name: "a.m4a" }, null],
  ["an MP4 video", { type: "video/mp4", name: "clip.mp4" }, "video"],
  ["a QuickTime movie", { type: "video/quicktime", name: "clip.mov" }, "video"],
  ["an AVI", { type: "video/x-msvideo", name: "a.avi" }, "video"],
  ["a Flash video", { type: "video/x-flv", name: "a.flv" }, "video"],
  ["a WebM", { type: "video/webm", name: "a.webm" }, "video"],
  ["a WMV", { type: "video/x-ms-wmv", name: "a.wmv" }, "video"],
  ["a 3GPP phone video", { type: "video/3gpp", name: "a.3gp" }, "video"],
  ["an MPEG transport stream that looks like TypeScript", { type: "video/mp2t", name: "part.ts" }, null],
  ["a PDF", { type: "application/pdf", name: "report.pdf" }, "document"],
  [
    "a Word document",
    { type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", name: "cv.docx" },
    "document",
  ],
  ["an old Word document", { type: "application/msword", name: "cv.doc" }, "document"],
  ["an Excel sheet", { type: "application/vnd.ms-excel", name: "budget.xls" }, "document"],
  ["a PowerPoint deck", { type: "", name: "deck.pptx" }, "document"],
  ["a CSV", { type: "text/csv", name: "data.csv" }, "document"],
  ["a text file", { type: "text/plain", name: "notes.txt" }, "document"],
  ["a JSON file", { type: "application/json", name: "data.json" }, "document"],
  ["an RTF letter", { type: "application/rtf", name: "letter.rtf" }, "document"],
  ["an EPUB book", { type: "application/epub+zip", name: "book.epub" }, "document"],
  ["an OpenDocument text", { type: "application/vnd.oasis.opendocument.text", name: "a.odt" }, "document"],
  ["an OpenDocument presentation", { type: "", name: "a.odp" }, "document"],
  ["a Markdown file", { type: "text/markdown", name: "README.md" }, "document"],
  ["SRT subtitles", { type: "application/x-subrip", name: "film.srt" }, "document"],
  ["WebVTT subtitles", { type: "text/vtt", name: "film.vtt" }, "document"],
  [
    "a Python script with a generic MIME type",
    { type: "application/octet-stream", name: "main.py" },
    "document",
  ],
  ["TypeScript source the browser could not type", { type: "", name: "src/app.tsx" }, "document"],
  ["a YAML config", { type: "", name: "docker-compose.yml" }, "document"],
  ["a Dockerfile", { type: "", name: "Dockerfile" }, "document"],
  ["a dotenv file", { type: "", name: ".env" }, "document"],
  ["an unknown text/* type", { type: "text/x-fortran", name: "model.f90" }, "document"],
  ["a MIME type with parameters", { type: "text/plain; charset=utf-8", name: "x" }, "document"],
  ["a ZIP archive", { type: "application/zip", name: "files.zip" }, null],
  ["an executable", { type: "application/x-msdownload", name: "setup.exe" }, null],
  ["a file with nothing known about it", {}, null],
];

describe("fileKind", () => {
  it.each(cases)("classifies %s", (_label, file, expected) => {
    expect(fileKind(file)).toBe(expected);
  });
});

describe("extensionOf", () => {
  it.each([
    ["photo.JPG", "jpg"],
    ["archive.tar.gz", "gz"],
    ["Makefile", "makefile"],
    [".gitignore", "gitignore"],
    ["dir/sub/file.rs", "rs"],
    ["", ""],
  ])("reads %j as %j", (name, expected) => {
    expect(extensionOf(name)).toBe(expected);
  });
});
