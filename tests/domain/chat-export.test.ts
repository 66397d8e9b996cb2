// The data export's files: chats.json, and one Markdown file per chat with a safe name.
import { describe, expect, it } from "vitest";
import {
  chatMarkdown,
  type ExportChat,
  exportFileName,
  exportFiles,
  slugOf,
} from "../../src/domain/chat-export.ts";

const chat: ExportChat = {
  id: 7,
  title: "Compare apples & pears",
  model: "gpt-5",
  assistant: null,
  createdAt: "2026-11-23T07:00:00.000Z",
  updatedAt: "2026-11-23T07:01:00.000Z",
  messages: [
    { id: 1, role: "user", content: "Compare them", model: null, createdAt: "2026-11-23T07:00:00.000Z" },
    { id: 2, role: "assistant", content: "| a | b |", model: "gpt-5", createdAt: "2026-11-23T07:00:05.000Z" },
  ],
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

describe("the export files", () => {
  it("writes each message under who said it", () => {
    const text = chatMarkdown(chat);
    expect(text.startsWith("# Compare apples & pears\n")).toBe(true);
    expect(text).toContain("## You — 2026-11-23T07:00:00.000Z\n\nCompare them");
    expect(text).toContain("## gpt-5 — 2026-11-23T07:00:05.000Z\n\n| a | b |");
    expect(chatMarkdown({ ...chat, title: "", messages: [] })).toContain("# Untitled chat");
  });

  it("holds chats.json and one Markdown file per chat", () => {
    const document = {
      format: "switchboard-export" as const,
      version: 1 as const,
      exportedAt: "2026-11-23T08:00:00.000Z",
      email: "ada@example.org",
      chats: [chat, { ...chat, id: 8, title: "" }],
    };
    const files = exportFiles(document);
    expect(Object.keys(files)).toEqual([
      "chats.json",
      "markdown/7-compare-apples-pears.md",
      "markdown/8-chat.md",
    ]);
    expect(JSON.parse(files["chats.json"] ?? "")).toEqual(document);
    expect(exportFileName(new Date("2026-11-23T08:00:00Z"))).toBe("switchboard-export-2026-11-23.zip");
  });
});
