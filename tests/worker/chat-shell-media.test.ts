// The files sent with a question in an open chat's first frame (src/sharing/chat-shell-media.ts): drawn above
// it as the app draws them — pictures as thumbnails, documents as chips — each on its own question, escaped.
import { describe, expect, it } from "vitest";
import type { MessageRow } from "../../src/db/messages";
import { type AttachmentWire, attachmentUrl } from "../../src/domain/files";
import { renderChatShell } from "../../src/sharing/chat-shell";
import { shellFiles, shellPictures } from "../../src/sharing/chat-shell-media";

const row = (id: number, role: "user" | "assistant", content: string): MessageRow =>
  ({
    id,
    chat: 1,
    content,
    model: role === "user" ? null : "test",
    metadata: role === "user" ? { role } : { role, done: true, outcome: "done" },
    createdAt: new Date(2026, 10, 25, 12, id),
  }) as unknown as MessageRow;

const file = (id: string, messageId: number, name: string, type: string, size = 2_048): AttachmentWire => ({
  id,
  name,
  type,
  size,
  fileHash: null,
  url: attachmentUrl(id),
  location: `files/${id}`,
  messageId,
  assistantId: null,
  createdAt: "2026-11-25T12:00:00.000Z",
});

describe("a question's files in the first frame", () => {
  it.each([
    {
      name: "a picture is a thumbnail of the stored file, named by the file",
      files: [file("p1", 1, "boat.png", "image/png")],
      html: '<ul class="message-files"><li class="file-chip-image"><img class="message-image" src="/api/attachments/p1" alt="boat.png"></li></ul>',
    },
    {
      name: "a document is a chip with its type's colour, extension, name and size",
      files: [file("d1", 1, "report.pdf", "application/pdf", 1_500_000)],
      contains: [
        '<li class="file-chip" data-colour="pdf">',
        '<span class="file-chip-ext">pdf</span>',
        '<span class="file-chip-name" title="report.pdf">report.pdf</span>',
        '<span class="file-chip-meta">2 MB</span>',
      ],
      lacks: ["file-chip-warning"],
    },
    {
      name: "an SVG is a chip, never drawn",
      files: [file("s1", 1, "logo.svg", "image/svg+xml")],
      contains: ['<li class="file-chip" data-colour="plain">'],
      lacks: ["<img"],
    },
    {
      name: "a large document keeps the place of its warning",
      files: [file("d2", 1, "big.txt", "text/plain", 12_000_000)],
      contains: ['<span class="file-chip-warning"><svg width="14"'],
    },
    {
      name: "names are escaped, in the text and in attributes",
      files: [
        file("x1", 1, '"><script>a()</script>.png', "image/png"),
        file("x2", 1, "<b>&'\".md", "text/markdown"),
      ],
      contains: ['alt="&#34;&#62;&#60;script&#62;a()&#60;/script&#62;.png"', "&#60;b&#62;&#38;&#39;&#34;.md"],
      lacks: ["<script", "<b>"],
    },
  ])("$name", ({ files, html, contains = [], lacks = [] }) => {
    const shown = shellFiles(files);
    if (html) expect(shown).toBe(html);
    for (const part of contains) expect(shown).toContain(part);
    for (const part of lacks) expect(shown).not.toContain(part);
  });

  it("is nothing for a question without files", () => {
    expect(shellFiles([])).toBe("");
  });

  it("puts each question's files above its own bubble, and no bubble for a question of files alone", async () => {
    const messages = [
      row(1, "user", "What is in this picture?"),
      row(2, "assistant", "A boat."),
      row(3, "user", ""),
      row(4, "assistant", "A report."),
    ];
    const files = [file("p1", 1, "boat.png", "image/png"), file("d1", 3, "report.pdf", "application/pdf")];
    const shell = await renderChatShell(messages, { defaultAssistant: true, locale: "en", files });
    const html = shell.messages({ web: "Sources", documents: "From your documents", pages: "p. {{pages}}" });
    const [first, second] = html.split("<article ").filter((part) => part.startsWith('class="message user"'));
    expect(first).toMatch(
      /^class="message user"><ul class="message-files"><li class="file-chip-image">.*boat\.png.*<\/ul><div class="user-bubble">What is in this picture\?<\/div><footer/,
    );
    expect(first).not.toContain("report.pdf");
    expect(second).toContain("report.pdf");
    expect(second).not.toContain("boat.png");
    expect(second).not.toContain("user-bubble");
  });
});

describe("an answer's pictures in the frame", () => {
  it("keep their box before they load where their size is known, and only a size that makes sense", () => {
    const url = "/api/files/generated/1/1/2/a.png";
    expect(shellPictures([{ url, width: 1024, height: 768 }], "a cat")).toContain(
      `<img src="${url}" alt="a cat" width="1024" height="768">`,
    );
    for (const junk of [{}, { width: 1024 }, { width: 0, height: 5 }, { width: 1.5, height: 2 }])
      expect(shellPictures([{ url, ...junk }], "a cat")).toContain(`<img src="${url}" alt="a cat">`);
    // Stored metadata is data: a size that is not a number never reaches the markup.
    const tampered = { url, width: '1" onload="x', height: 2 } as unknown as { url: string };
    expect(shellPictures([tampered], "a cat")).not.toContain("onload");
  });
});
