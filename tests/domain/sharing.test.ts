// Sharing rules: public ids, where pictures are read, link previews, and the markdown
// rules both renderers follow (links and pictures only to the web and mail, raw HTML as text).
import { describe, expect, it } from "vitest";
import { createMarkdown, escapeHtml, isSafeUrl } from "../../src/domain/chat/markdown-rules";
import {
  imageKeyOf,
  isPublicId,
  previewText,
  shareableMetadata,
  sharedImagePath,
} from "../../src/domain/chat/sharing";

describe("isPublicId", () => {
  it.each([
    ["0f8fad5b-d9cb-469f-a165-70867728950e", true],
    ["0F8FAD5B-D9CB-469F-A165-70867728950E", false],
    ["0f8fad5bd9cb469fa16570867728950e", false],
    ["0f8fad5b-d9cb-469f-a165-70867728950", false],
    ["", false],
    ["../0f8fad5b-d9cb-469f-a165-70867728950e", false],
  ])("%s → %s", (id, expected) => expect(isPublicId(id)).toBe(expected));
});

describe("imageKeyOf", () => {
  it.each([
    ["/api/files/generated/7/3/9/a.png", "generated/7/3/9/a.png"],
    ["/api/files/generated%2F7%2Fa.png", "generated/7/a.png"],
    ["/api/files/generated/7/../8/a.png", null],
    ["/api/files/generated//a.png", null],
    ["/api/files/%E0%A4%A", null],
    ["https://example.com/a.png", null],
    ["javascript:alert(1)", null],
  ])("%s → %s", (url, key) => expect(imageKeyOf({ url })).toBe(key));

  it("addresses a share's picture by message and position, never by key", () => {
    expect(sharedImagePath("0f8fad5b-d9cb-469f-a165-70867728950e", 12, 0)).toBe(
      "/api/shared/0f8fad5b-d9cb-469f-a165-70867728950e/images/12/0",
    );
  });
});

describe("shareableMetadata", () => {
  const stored = {
    role: "assistant",
    done: true,
    outcome: "done",
    generationId: "gen-1",
    reasoning: "Because.",
    search: { status: "completed", sources: [{ url: "https://example.com", title: "Example", extra: 1 }] },
    documents: {
      status: "ready",
      done: 3,
      total: 3,
      sources: [{ attachmentId: "a", name: "tax.pdf", pages: [2] }],
    },
    usage: { inputTokens: 10, outputTokens: 20 },
    error: { code: "provider_unavailable", provider: "openai", detail: "upstream said" },
    images: [
      {
        url: "/api/files/generated/7/1/2/a.png",
        mimeType: "image/png",
        choices: [{ label: "U1", taskId: "t", customId: "c" }],
      },
      { url: "/api/files/generated/8/1/2/b.png", mimeType: "image/png" },
      { url: "https://example.com/c.png", mimeType: "image/png" },
      { url: "/api/files/generated/7/1/2/d.webp", mimeType: "image/webp" },
    ],
    somethingNew: "private",
  };

  it("keeps what a reader may see and nothing else; pictures only the owner's, at the address given", () => {
    const seen: [string, number][] = [];
    const shown = shareableMetadata(stored, {
      ownerId: 7,
      imageUrl: ({ key }, index) => {
        seen.push([key, index]);
        return `/shown/${index}`;
      },
    });
    expect(shown).toEqual({
      role: "assistant",
      done: true,
      outcome: "done",
      reasoning: "Because.",
      search: { status: "completed", sources: [{ url: "https://example.com", title: "Example" }] },
      error: { code: "provider_unavailable", provider: "openai" },
      images: [
        { url: "/shown/0", mimeType: "image/png" },
        { url: "/shown/3", mimeType: "image/webp" },
      ],
    });
    expect(seen).toEqual([
      ["generated/7/1/2/a.png", 0],
      ["generated/7/1/2/d.webp", 3],
    ]);
  });

  it("a user message is its role alone; anything unknown is an answer's role", () => {
    expect(
      shareableMetadata({ role: "user", usage: { inputTokens: 1 } }, { ownerId: 1, imageUrl: () => "" }),
    ).toEqual({
      role: "user",
    });
    expect(shareableMetadata(null, { ownerId: 1, imageUrl: () => "" })).toEqual({ role: "assistant" });
  });
});

describe("previewText", () => {
  it.each([
    ["# Title\n\nSome **bold** text.", "Title Some bold text."],
    ["```js\nconst a = 1;\n```\nAfter code", "const a = 1; After code"],
    // What a reader sees: prices, hyphens and brackets stay; a link's address and the marks go.
    [
      "What does $20 (per month) buy? An e-mail, [the docs](https://x.example) and `code`.",
      "What does $20 (per month) buy? An e-mail, the docs and code.",
    ],
    ["- item one\n- item two\n\n> quoted *text*", "item one item two quoted text"],
    ["word ".repeat(60), `${"word ".repeat(40).trim()}…`],
    ["", ""],
  ])("%j → %j", (source, expected) => expect(previewText(source)).toBe(expected));
});

describe("the markdown rules", () => {
  const md = createMarkdown({
    math: (t) => `[math:${escapeHtml(t.text)}]`,
    code: (t) => `<pre>${escapeHtml(t.text)}</pre>`,
  });
  const render = (source: string) => md.parse(source, { async: false });

  it.each([
    ["https://example.com", true],
    ["HTTP://example.com", true],
    ["mailto:a@example.com", true],
    [" javascript:alert(1)", false],
    ["data:text/html,hi", false],
    ["vbscript:x", false],
    ["/relative", false],
  ])("isSafeUrl(%j) → %s", (url, safe) => expect(isSafeUrl(url)).toBe(safe));

  it.each([
    ["<script>alert(1)</script>", "&#60;script&#62;alert(1)&#60;/script&#62;"],
    ["[x](javascript:alert(1))", "<p><a>x</a></p>"],
    ["![pic](javascript:alert(1))", "<p><a>pic</a></p>"],
    ["![pic](https://example.com/a.png)", '<p><a href="https://example.com/a.png">pic</a></p>'],
    ['[ok](https://example.com "t")', '<p><a href="https://example.com" title="t">ok</a></p>'],
    ["$x^2$", "<p>[math:x^2]</p>"],
    ["```\n<b>\n```", "<pre>&#60;b&#62;</pre>"],
  ])("%j → %j", (source, html) => expect(render(source).trim()).toBe(html));
});
