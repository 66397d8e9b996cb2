// The data export's files: chats.json, and one Markdown file per chat with a safe name, its pictures, files and
// endings.
import { describe, expect, it } from "vitest";
import {
  chatFileName,
  chatMarkdown,
  type ExportChat,
  type ExportFile,
  type ExportMessage,
  exportFileName,
  exportFilePath,
  exportFiles,
  exportImageName,
  modelName,
  slugOf,
} from "../../src/domain/chat-export.ts";

const question = (content: string, more: Partial<ExportMessage> = {}): ExportMessage => ({
  id: 1,
  role: "user",
  content,
  model: null,
  createdAt: "2026-11-23T07:00:00.000Z",
  outcome: null,
  error: null,
  images: [],
  attachments: [],
  ...more,
});

const answer = (content: string, more: Partial<ExportMessage> = {}): ExportMessage => ({
  ...question(content),
  id: 2,
  role: "assistant",
  model: "gpt-5",
  createdAt: "2026-11-23T07:00:05.000Z",
  outcome: "done",
  ...more,
});

const file = (path: string, more: Partial<ExportFile> = {}): ExportFile => ({
  path,
  name: path.split("/").pop() ?? "",
  type: null,
  omitted: null,
  ...more,
});

const chat: ExportChat = {
  id: 7,
  title: "Compare apples & pears",
  model: "gpt-5",
  assistant: null,
  createdAt: "2026-11-23T07:00:00.000Z",
  updatedAt: "2026-11-23T07:01:00.000Z",
  messages: [question("Compare them"), answer("| a | b |")],
};

describe("slugOf", () => {
  it.each([
    ["Compare apples & pears", "compare-apples-pears"],
    ["  Élodie's café ", "élodie-s-café"],
    ["../../etc/passwd", "etc-passwd"],
    ["", "chat"],
    ["!!!", "chat"],
    ["日本語のチャット", "日本語のチャット"],
    ["a".repeat(80), "a".repeat(60)],
  ])("%j → %j", (title, slug) => {
    expect(slugOf(title)).toBe(slug);
  });
});

describe("modelName", () => {
  it.each([
    ["gpt-5", "GPT-5"],
    ["stable-diffusion-3.5-large-turbo", "Stable Diffusion 3.5 Large Turbo"],
    ["a-model-long-gone", "a-model-long-gone"],
  ])("%j → %j", (key, name) => {
    expect(modelName(key)).toBe(name);
  });
});

describe("a chat's Markdown", () => {
  it.each<[string, ExportMessage, string]>([
    ["a question under You", question("Compare them"), "## You — 2026-11-23T07:00:00.000Z\n\nCompare them\n"],
    [
      "an answer under its model's name",
      answer("| a | b |"),
      "## GPT-5 — 2026-11-23T07:00:05.000Z\n\n| a | b |\n",
    ],
    [
      "a model the catalogue no longer knows, under its key",
      answer("Hi", { model: "retired-model" }),
      "## retired-model — 2026-11-23T07:00:05.000Z\n\nHi\n",
    ],
    [
      "an image answer as its pictures, linked from the markdown folder",
      answer("", {
        model: "stable-diffusion-3.5-large-turbo",
        images: [file("files/7/image-1.png"), file("files/7/image-2.png")],
      }),
      "## Stable Diffusion 3.5 Large Turbo — 2026-11-23T07:00:05.000Z\n\n" +
        "![image-1.png](../files/7/image-1.png)\n\n![image-2.png](../files/7/image-2.png)\n",
    ],
    [
      "a question's files as a list of links, names encoded",
      question("Summarise", {
        attachments: [file("files/7/report.pdf"), file("files/7/my [notes].txt", { name: "my [notes].txt" })],
      }),
      "Summarise\n\nAttached files:\n\n- [report.pdf](../files/7/report.pdf)\n" +
        "- [my \\[notes\\].txt](../files/7/my%20%5Bnotes%5D.txt)\n",
    ],
    [
      "a file that could not be included, said so",
      question("See", {
        attachments: [file("files/7/gone.pdf", { omitted: "unavailable" })],
        images: [],
      }),
      "- *(gone.pdf is not included: it could not be read.)*\n",
    ],
    [
      "a picture past the size limit, said so",
      answer("", { images: [file("files/7/image-1.png", { omitted: "size_limit" })] }),
      "*(image-1.png is not included: the export's size limit was reached.)*\n",
    ],
    [
      "a stopped answer without its marker, marked",
      answer("Half an ans", { outcome: "stopped" }),
      "Half an ans\n\n(stopped)\n",
    ],
    [
      "a stopped answer that already says so, once",
      answer("Half an ans\n\n(stopped)", { outcome: "stopped" }),
      "GPT-5 — 2026-11-23T07:00:05.000Z\n\nHalf an ans\n\n(stopped)\n",
    ],
    [
      "a failed answer, with its notice",
      answer("", { outcome: "error", error: "image_timeout" }),
      "## GPT-5 — 2026-11-23T07:00:05.000Z\n\n> **Error:** The image took too long.\n",
    ],
    [
      "a failure without a known code, still noticed",
      answer("", { outcome: "error", error: "something_new" }),
      "> **Error:** The answer could not be completed.\n",
    ],
  ])("shows %s", (_, message, expected) => {
    expect(chatMarkdown({ ...chat, messages: [message] }).endsWith(expected)).toBe(true);
  });

  it("starts with the title, the creation date and the model's name", () => {
    expect(
      chatMarkdown(chat).startsWith(
        "# Compare apples & pears\n\n- Created: 2026-11-23T07:00:00.000Z\n- Model: GPT-5\n",
      ),
    ).toBe(true);
    expect(chatMarkdown({ ...chat, title: "", messages: [] })).toContain("# Untitled chat");
  });
});

describe("the export's file names", () => {
  it.each<[string, ExportChat, string]>([
    ["the title", chat, "markdown/7-compare-apples-pears.md"],
    ["the first question, untitled", { ...chat, title: "" }, "markdown/7-compare-them.md"],
    [
      "untitled-chat, with no words at all",
      { ...chat, title: "", messages: [] },
      "markdown/7-untitled-chat.md",
    ],
  ])("names a chat by %s", (_, value, name) => {
    expect(chatFileName(value)).toBe(name);
  });

  it("puts a chat's files in its folder, one name each", () => {
    const taken = new Set<string>();
    expect(
      [
        "report.pdf",
        "Report.pdf",
        "../../etc/passwd",
        ".hidden",
        exportImageName(1, "generated/1/2/3/x.webp"),
      ].map((name) => exportFilePath(7, name, taken)),
    ).toEqual([
      "files/7/report.pdf",
      "files/7/Report-2.pdf",
      "files/7/_.._etc_passwd",
      "files/7/hidden",
      "files/7/image-1.webp",
    ]);
  });

  it("holds chats.json and one Markdown file per chat", () => {
    const document = {
      format: "switchboard-export" as const,
      version: 1 as const,
      exportedAt: "2026-11-23T08:00:00.000Z",
      email: "ada@example.org",
      chats: [chat, { ...chat, id: 8, title: "", messages: [] }],
    };
    const files = exportFiles(document);
    expect(Object.keys(files)).toEqual([
      "chats.json",
      "markdown/7-compare-apples-pears.md",
      "markdown/8-untitled-chat.md",
    ]);
    expect(JSON.parse(files["chats.json"] ?? "")).toEqual(document);
    expect(exportFileName(new Date("2026-11-23T08:00:00Z"))).toBe("switchboard-export-2026-11-23.zip");
  });
});
