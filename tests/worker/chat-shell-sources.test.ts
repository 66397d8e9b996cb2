// An answer's sources in an open chat's first frame (src/sharing/chat-shell-sources.ts): the blocks the app shows
// above it — its documents, then the web's pages — with their headings in the page's language as the build wrote
// them on index.html, every text from the message's metadata escaped.
import { describe, expect, it } from "vitest";
import {
  decodeLabelLists,
  decodeLabels,
  encodeLabels,
  SOURCE_LABELS_ATTRIBUTE,
  sourceTexts,
} from "../../src/domain/chat/shell-labels";
import type { MessageMetadata } from "../../src/domain/chat/wire";
import { renderChatShell, withChatShell } from "../../src/sharing/chat-shell";
import { shellSources } from "../../src/sharing/chat-shell-sources";
import { indexWithLabels, shellRow } from "./support/chat-shell";

const EN = { web: "Sources", documents: "From your documents", pages: "p. {{pages}}" };
const answer = (extra: Partial<MessageMetadata>): MessageMetadata => ({
  role: "assistant",
  done: true,
  ...extra,
});
const documents = (sources: { name: string; pages: number[] }[]) =>
  answer({
    documents: {
      status: "ready",
      done: 1,
      total: 1,
      sources: sources.map((s, i) => ({ attachmentId: `a${i}`, ...s })),
    },
  });
const web = (sources: { url: string; title?: string }[]) =>
  answer({ search: { status: "completed", sources } });

describe("an answer's sources in the first frame", () => {
  it.each([
    {
      name: "documents: a labelled list of chips, each name with its pages in the reader's words",
      meta: documents([
        { name: "lamp-specs.pdf", pages: [1, 2] },
        { name: "notes.txt", pages: [] },
      ]),
      texts: { ...EN, documents: "Aus deinen Dokumenten", pages: "S. {{pages}}" },
      contains: [
        '<div class="search-status documents-status"><span id="frame-documents-7" class="search-sources-label"><svg width="14"',
        "</svg> Aus deinen Dokumenten</span>",
        '<ol class="search-sources" role="list" aria-labelledby="frame-documents-7">',
        '<li><span class="source-chip" title="lamp-specs.pdf"><span class="source-title">lamp-specs.pdf</span><span class="source-host"><span class="visually-hidden">, </span>S. 1, 2</span></span></li>',
        '<li><span class="source-chip" title="notes.txt"><span class="source-title">notes.txt</span></span></li>',
      ],
      lacks: ["<a", "Sources"],
    },
    {
      name: "web pages: numbered links, each once, titled (else by their site) with their site",
      meta: web([
        { url: "https://www.example.com/a", title: "An article" },
        { url: "https://example.org/b" },
        { url: "https://www.example.com/a", title: "Again" },
      ]),
      texts: EN,
      contains: [
        '<div class="search-status"><span id="frame-sources-7" class="search-sources-label"><svg',
        "</svg> Sources</span>",
        '<a href="https://www.example.com/a" target="_blank" rel="noopener noreferrer" title="An article"><span class="source-index">1<span class="visually-hidden">, </span></span><span class="source-title">An article</span><span class="source-host"><span class="visually-hidden">, </span>example.com</span></a>',
        '<a href="https://example.org/b" target="_blank" rel="noopener noreferrer" title="https://example.org/b"><span class="source-index">2',
        '<span class="source-title">example.org</span>',
      ],
      lacks: ["Again", "documents-status"],
    },
    {
      name: "a page that is not on the web is no link",
      meta: web([{ url: "javascript:alert(1)", title: "Click" }]),
      texts: EN,
      contains: ['<a target="_blank" rel="noopener noreferrer" title="Click">'],
      lacks: ["href"],
    },
    {
      name: "names, titles, addresses and the page's words are escaped",
      meta: answer({
        documents: {
          status: "ready",
          done: 1,
          total: 1,
          sources: [{ attachmentId: "x", name: '<img src=x onerror="a()">.pdf', pages: [3] }],
        },
        search: {
          status: "completed",
          sources: [{ url: 'https://e.com/?q="><b>', title: "<script>b()</script>" }],
        },
      }),
      texts: { web: "<i>Web</i>", documents: "D'après vos documents", pages: "p. {{pages}} & more" },
      contains: [
        'title="&#60;img src=x onerror=&#34;a()&#34;&#62;.pdf"',
        "&#60;script&#62;b()&#60;/script&#62;",
        'href="https://e.com/?q=&#34;&#62;&#60;b&#62;"',
        "D&#39;après vos documents",
        "p. 3 &#38; more",
        "&#60;i&#62;Web&#60;/i&#62;",
      ],
      lacks: ["<img", "<script", "<b>", "<i>"],
    },
  ])("$name", ({ meta, texts, contains, lacks }) => {
    const html = shellSources(meta, texts, 7);
    for (const part of contains) expect(html).toContain(part);
    for (const part of lacks) expect(html).not.toContain(part);
  });

  it("puts the documents' block before the web's, as the app does", () => {
    const html = shellSources(
      answer({ ...documents([{ name: "a.md", pages: [] }]), ...web([{ url: "https://e.com" }]) }),
      EN,
      1,
    );
    expect(html.indexOf("documents-status")).toBeLessThan(html.indexOf('id="frame-sources-1"'));
  });

  it.each([
    ["no sources", answer({})],
    ["a search that found nothing", web([])],
    ["documents still being read", answer({ documents: { status: "reading", done: 1, total: 4 } })],
  ])("is nothing for %s", (_, meta) => {
    expect(shellSources(meta, EN, 1)).toBe("");
  });
});

const row = shellRow;

const MESSAGES = [
  row(1, "What does the manual say?", { role: "user" }),
  row(2, "It says to press the red button.", documents([{ name: "manual.pdf", pages: [4] }])),
];

/** index.html as the build writes it, with the sources' words of these languages. */
const pageWith = (labels: Record<string, string[]> | null) =>
  indexWithLabels(SOURCE_LABELS_ATTRIBUTE, labels);

describe("the sources' words in the page's language", () => {
  const labels = {
    en: ["Sources", "From your documents", "p. {{pages}}"],
    fr: ["Sources", "D'après vos documents", "p. {{pages}}"],
    de: ["Quellen", "Aus deinen Dokumenten", "S. {{pages}}"],
  };
  it.each([
    ["fr", labels, "D&#39;après vos documents", "p. 4"],
    ["de", labels, "Aus deinen Dokumenten", "S. 4"],
    // A language the page does not carry: English's words.
    ["pl", labels, "From your documents", "p. 4"],
  ] as const)(
    "a %s reader's frame names its blocks in their words",
    async (locale, carried, heading, pages) => {
      const shell = renderChatShell(MESSAGES, { defaultAssistant: true, locale });
      const html = await withChatShell(pageWith(carried), shell).text();
      expect(html).toContain(`</svg> ${heading}</span>`);
      expect(html).toContain(`<span class="visually-hidden">, </span>${pages}</span>`);
      // Above the answer's text, under its header.
      expect(html.indexOf("documents-status")).toBeGreaterThan(html.indexOf('class="message-header"'));
      expect(html.indexOf("documents-status")).toBeLessThan(html.indexOf("press the red button"));
    },
  );

  it("keeps the blocks' place, unnamed, on a page built without the words", async () => {
    const html = await withChatShell(
      pageWith(null),
      renderChatShell(MESSAGES, { defaultAssistant: true, locale: "en" }),
    ).text();
    expect(html).toContain('class="search-sources-label"><svg');
    expect(html).toContain("</svg> </span>");
    expect(html).toContain("</span>4</span>");
  });
});

describe("the frame's words as the build writes them", () => {
  it("round-trips labels and lists with what an attribute or the list would trip on", () => {
    const lists = { en: ["Sources", "p. {{pages}}"], fr: ["D'après", 'a;b=c|d%e&<f>"'] };
    const encoded = encodeLabels(lists);
    expect(encoded).not.toMatch(/[&<>"']/);
    expect(decodeLabelLists(encoded)).toEqual(lists);
    expect(decodeLabels(encodeLabels({ pl: "Wiadomość", xx: "a|b" }))).toEqual({
      pl: "Wiadomość",
      xx: "a|b",
    });
  });

  it("reads the reader's three words, else English's, else none", () => {
    const encoded = encodeLabels({ en: ["Sources", "From your documents", "p. {{pages}}"] });
    expect(sourceTexts(encoded, "en")).toEqual({
      web: "Sources",
      documents: "From your documents",
      pages: "p. {{pages}}",
    });
    expect(sourceTexts(encoded, "ro")).toEqual(sourceTexts(encoded, "en"));
    expect(sourceTexts("", "en")).toEqual({ web: "", documents: "", pages: "{{pages}}" });
  });
});
