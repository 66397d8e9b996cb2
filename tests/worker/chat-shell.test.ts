// An open chat's first frame (src/sharing/chat-shell.ts): which messages it shows, what it puts in index.html
// (HTMLRewriter, as in production), and that without a chat the page is left as it was.
import { describe, expect, it } from "vitest";
import type { MessageRow } from "../../src/db/messages";
import { contentDigest } from "../../src/domain/chat/frame-answers";
import { decodeLabels, encodeLabels } from "../../src/domain/chat/shell-labels";
import { encodeRoutePlan } from "../../src/domain/route-preload";
import {
  newestForShell,
  renderChatShell,
  SHELL_CHARACTERS,
  SHELL_MESSAGES,
  withChatShell,
} from "../../src/sharing/chat-shell";

const row = (id: number, role: "user" | "assistant", content: string): MessageRow =>
  ({
    id,
    chat: 1,
    content,
    model: role === "user" ? null : "test",
    metadata: role === "user" ? { role } : { role, done: true, outcome: "done" },
    createdAt: new Date(2026, 10, 25, 12, id),
  }) as unknown as MessageRow;

const chatOf = (sizes: number[]) =>
  sizes.map((size, i) => row(i + 1, i % 2 ? "assistant" : "user", "x".repeat(size)));

const INDEX = [
  '<!doctype html><html><head><title>Switchboard</title><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head><body>',
  '<div id="root"></div>',
  '<div id="boot-shell" aria-hidden="true"><div class="boot-column">',
  '<div class="boot-header"><span class="boot-title">SWITCHBOARD</span></div>',
  '<div class="boot-hero"><h2>How can I help you today?</h2></div>',
  `<div class="boot-composer" data-labels="${encodeLabels({ en: "Message", de: "Nachricht" })}"></div>`,
  "</div></div></body></html>",
].join("");
const page = () => new Response(INDEX, { headers: { "Content-Type": "text/html", ETag: '"abc"' } });

describe("the messages an open chat's first frame shows", () => {
  it.each([
    { sizes: [10, 10], picked: [1, 2] },
    { sizes: [10, 10, 10, 10, 10, 10, 10, 10], picked: [3, 4, 5, 6, 7, 8] },
    // The newest always, however long; older ones while the total stays within the bound.
    { sizes: [10, SHELL_CHARACTERS * 2], picked: [2] },
    { sizes: [10, SHELL_CHARACTERS - 20, 10, 10], picked: [2, 3, 4] },
    { sizes: [5_000, SHELL_CHARACTERS - 20, 10, 10], picked: [2, 3, 4] },
    { sizes: [], picked: [] },
  ])("$sizes.length messages of $sizes characters → ids $picked", ({ sizes, picked }) => {
    expect(newestForShell(chatOf(sizes)).map((m) => m.id)).toEqual(picked);
    expect(picked.length).toBeLessThanOrEqual(SHELL_MESSAGES);
  });
});

describe("index.html with an open chat's first frame", () => {
  it("puts the messages and a named composer in the frame and takes the app out of reach", async () => {
    const messages = [
      row(1, "user", "What is <b>2+2</b>?"),
      row(2, "assistant", "## Four\n\n$2+2=4$ and `code`\n\n<script>alert(1)</script>"),
    ];
    const html = await withChatShell(
      page(),
      renderChatShell(messages, { defaultAssistant: true, locale: "de" }),
    ).text();
    expect(html).toContain('<div id="root" inert="" aria-hidden="true">');
    expect(html).toContain('<div id="boot-shell" data-chat="default">');
    expect(html).toContain('<div class="user-bubble">What is &#60;b&#62;2+2&#60;/b&#62;?</div>');
    expect(html).toContain("<h2>Four</h2>");
    expect(html).toContain("<math");
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("How can I help you today?");
    expect(html).toContain('<textarea class="boot-input" rows="2" aria-label="Nachricht"></textarea>');
    // The answer says which message it typeset, and from what text: the app keeps it while its copy agrees.
    const digest = contentDigest(messages[1]?.content ?? "");
    expect(html).toContain(`<article class="message model" data-message-id="2" data-digest="${digest}">`);
    expect(html).toContain('<article class="message user">');
  });

  it("is private and never revalidated against the plain page's ETag", async () => {
    const res = withChatShell(
      page(),
      renderChatShell([row(1, "user", "hi")], { defaultAssistant: false, locale: "en" }),
    );
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(res.headers.get("ETag")).toBeNull();
    expect(await res.text()).toContain('aria-label="Message"');
  });

  it("leaves the page as it was without a chat to show, or when reading it failed", async () => {
    for (const shell of [() => Promise.resolve(null), () => Promise.reject(new Error("database down"))]) {
      expect(await withChatShell(page(), shell()).text()).toBe(INDEX);
    }
  });
});

describe("the entry's stylesheet on an open chat's page", () => {
  const shell = () => renderChatShell([row(1, "user", "hi")], { defaultAssistant: true, locale: "en" });

  it("is inline, so the frame paints without waiting for another request", async () => {
    const asked: string[] = [];
    const css = async (href: string) => {
      asked.push(href);
      return ":root{--bg:#fff}";
    };
    const html = await withChatShell(page(), shell(), css).text();
    expect(asked).toEqual(["/assets/index-1.css"]);
    expect(html).toContain("<style>:root{--bg:#fff}</style></head>");
    expect(html).not.toContain('rel="stylesheet"');
  });

  it("stays a link when it cannot be read, or could close the style element", async () => {
    for (const css of [
      async () => null,
      async () => "a{}</style><script>",
      () => Promise.reject(new Error("no")),
    ]) {
      expect(await withChatShell(page(), shell(), css).text()).toContain('href="/assets/index-1.css"');
    }
  });
});

describe("KaTeX's stylesheet in an open chat's first frame", () => {
  const plan = encodeRoutePlan({ routes: [], lists: [], mathStyles: "/assets/katex-loader-1.css" });
  const planned = () =>
    new Response(INDEX.replace("<title>", `<meta name="route-preload" content="${plan}"><title>`), {
      headers: { "Content-Type": "text/html" },
    });
  const math = () =>
    renderChatShell([row(1, "user", "hi"), row(2, "assistant", "So $x^2$.")], {
      defaultAssistant: true,
      locale: "en",
    });

  it("comes inline with answers holding math, typeset as the app's renderer does", async () => {
    const asked: string[] = [];
    const css = async (href: string) => {
      asked.push(href);
      return href.includes("katex") ? ".katex{font:normal 1.21em KaTeX_Main}" : ":root{}";
    };
    const html = await withChatShell(planned(), math(), css).text();
    expect(asked).toEqual(["/assets/index-1.css", "/assets/katex-loader-1.css"]);
    expect(html).toContain(
      '<style data-frame-math>.katex{font:normal 1.21em KaTeX_Main}</style><div class="boot-chat"',
    );
    // KaTeX's HTML beside its MathML, as client/chat/markdown/render-block.ts writes it.
    expect(html).toContain('class="katex-html"');
    expect(html).toContain('class="katex-mathml"');
  });

  it("is not read for answers without math", async () => {
    const asked: string[] = [];
    const css = async (href: string) => {
      asked.push(href);
      return ":root{}";
    };
    const shell = renderChatShell([row(1, "user", "hi"), row(2, "assistant", "No math here.")], {
      defaultAssistant: true,
      locale: "en",
    });
    const html = await withChatShell(planned(), shell, css).text();
    expect(asked).toEqual(["/assets/index-1.css"]);
    expect(html).not.toContain("<style data-frame-math>");
  });

  it("left out, leaves the formulas' MathML alone on show (no plan, an unreadable sheet)", async () => {
    for (const [source, css] of [
      [page, async () => ":root{}"],
      [planned, async (href: string) => (href.includes("katex") ? null : ":root{}")],
    ] as const) {
      const html = await withChatShell(source(), math(), css).text();
      expect(html).not.toContain("<style data-frame-math>");
      expect(html).toContain("<style>#boot-shell .katex-html{display:none}</style>");
    }
  });
});

describe("the composer's names as the build writes them", () => {
  it("round-trips, escaping what an attribute or the list would trip on", () => {
    const labels = { en: "Message", pl: "Wiadomość", xx: 'a;b=c"d' };
    expect(encodeLabels(labels)).not.toContain('"');
    expect(decodeLabels(encodeLabels(labels))).toEqual(labels);
    expect(decodeLabels("")).toEqual({});
  });
});
