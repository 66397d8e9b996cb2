// The parts around an answer's text in an open chat's first frame (src/sharing/chat-shell-message.ts): a reasoning
// model's folded "Thought process" above it, a stopped answer's notice under it, as the app shows them, with their
// words in the page's language as the build wrote them on index.html.
import { describe, expect, it } from "vitest";
import {
  ANSWER_LABELS_ATTRIBUTE,
  type AnswerTexts,
  answerTexts,
  encodeLabels,
} from "../../src/domain/chat/shell-labels";
import type { MessageMetadata } from "../../src/domain/chat/wire";
import { renderChatShell, withChatShell } from "../../src/sharing/chat-shell";
import { shellStopped, shellThinking } from "../../src/sharing/chat-shell-message";
import { indexWithLabels, shellRow } from "./support/chat-shell";

const GRID = {
  upscales: "Upscale one picture",
  upscale: "Upscale {{choice}}",
  variations: "Vary one picture",
  vary: "Vary picture {{n}} ({{choice}})",
};
const EN: AnswerTexts = {
  thought: "Thought process",
  stopped: "Generation Stopped",
  ...GRID,
  writing: "Writing…",
};
const answer = (extra: Partial<MessageMetadata>): MessageMetadata => ({
  role: "assistant",
  done: true,
  outcome: "done",
  ...extra,
});
const FOLDED = '<details class="thinking-block" inert><summary>Thought process</summary></details>';
const STOPPED =
  '<div class="message-notice stopped" data-notice="stopped"><span>Generation Stopped</span></div>';

describe("an answer's reasoning and stopped notice in the first frame", () => {
  it.each([
    {
      name: "an answer with reasoning: folded, without it",
      meta: answer({ reasoning: "Let me see." }),
      html: FOLDED,
    },
    { name: "an answer without: nothing", meta: answer({}), html: "" },
    { name: "an empty reasoning: nothing, as the app", meta: answer({ reasoning: "" }), html: "" },
  ])("thinking: $name", ({ meta, html }) => {
    expect(shellThinking(meta, EN)).toBe(html);
  });

  it.each([
    { name: "a stopped answer: its notice", meta: answer({ outcome: "stopped" }), html: STOPPED },
    { name: "a finished one: nothing", meta: answer({}), html: "" },
    // A failed answer's notice is shellFailure's (tests/worker/chat-shell-notice.test.ts).
    {
      name: "a failed one: nothing",
      meta: answer({ outcome: "error", error: { code: "provider_unavailable", provider: "test" } }),
      html: "",
    },
    {
      name: "stopped, with an error: the error's (nothing)",
      meta: answer({ outcome: "stopped", error: { code: "provider_unavailable" } }),
      html: "",
    },
  ])("notice: $name", ({ meta, html }) => {
    expect(shellStopped(meta as MessageMetadata, EN)).toBe(html);
  });

  it("escapes the page's words, and keeps the parts' lines without them", () => {
    const meta = answer({ reasoning: "<b>why</b>", outcome: "stopped" });
    const texts = { thought: "<i>Pensée</i> d'abord", stopped: "Arrêtée & <s>" };
    expect(shellThinking(meta, texts)).toContain(
      "<summary>&#60;i&#62;Pensée&#60;/i&#62; d&#39;abord</summary>",
    );
    expect(shellStopped(meta, texts)).toContain("<span>Arrêtée &#38; &#60;s&#62;</span>");
    // The reasoning itself stays with the app.
    expect(shellThinking(meta, texts)).not.toContain("why");
    const unnamed = { thought: "", stopped: "" };
    expect(shellThinking(meta, unnamed)).toContain("<summary>&#8203;</summary>");
    expect(shellStopped(meta, unnamed)).toContain("<span>&#8203;</span>");
  });
});

const row = (id: number, content: string, metadata: MessageMetadata) =>
  shellRow(id, content, metadata, "test-reasoning");

const MESSAGES = [
  row(1, "Which lamp should I buy?", { role: "user" }),
  row(
    2,
    "The brass one.\n\n(stopped)",
    answer({
      reasoning: "The user wants a lamp.",
      outcome: "stopped",
      search: { status: "completed", sources: [{ url: "https://example.com/lamps", title: "Lamps" }] },
    }),
  ),
];

/** index.html as the build writes it, with the answers' parts' words of these languages. */
const pageWith = (labels: Record<string, string[]> | null) =>
  indexWithLabels(ANSWER_LABELS_ATTRIBUTE, labels);

describe("the answers' parts in the page's language", () => {
  const labels = {
    en: ["Thought process", "Generation Stopped"],
    fr: ["Raisonnement", "Génération arrêtée"],
    de: ["Gedankengang", "Generierung gestoppt"],
  };
  it.each([
    ["fr", "Raisonnement", "Génération arrêtée"],
    ["de", "Gedankengang", "Generierung gestoppt"],
    // A language the page does not carry: English's words.
    ["pl", "Thought process", "Generation Stopped"],
  ] as const)("a %s reader's frame says them in their words", async (locale, thought, stopped) => {
    const html = await withChatShell(
      pageWith(labels),
      renderChatShell(MESSAGES, { defaultAssistant: true, locale }),
    ).text();
    expect(html).toContain(`<summary>${thought}</summary>`);
    expect(html).toContain(`<span>${stopped}</span>`);
  });

  it("puts them where the app does: the reasoning under the header, above the sources; the notice under the text, above the footer", async () => {
    const page = await withChatShell(
      pageWith(labels),
      renderChatShell(MESSAGES, { defaultAssistant: true, locale: "en" }),
    ).text();
    const html = page.slice(page.indexOf('<article class="message model"'));
    const at = (part: string) => {
      expect(html).toContain(part);
      return html.indexOf(part);
    };
    const order = [
      'class="message-header"',
      'class="thinking-block"',
      'class="search-status"',
      "The brass one.",
      'class="message-notice stopped"',
      'class="message-footer"',
      "</article>",
    ].map(at);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it("reads the reader's words, else English's, else none", () => {
    const encoded = encodeLabels({
      en: ["Thought process", "Generation Stopped", ...Object.values(GRID), "Writing…"],
    });
    expect(answerTexts(encoded, "en")).toEqual(EN);
    expect(answerTexts(encoded, "ro")).toEqual(EN);
    const none = {
      thought: "",
      stopped: "",
      upscales: "",
      upscale: "",
      variations: "",
      vary: "",
      writing: "",
    };
    expect(answerTexts("", "en")).toEqual(none);
    // A page built before the grid's words: the two it has, the grid's unnamed.
    const older = encodeLabels({ en: ["Thought process", "Generation Stopped"] });
    expect(answerTexts(older, "en")).toEqual({
      ...none,
      thought: "Thought process",
      stopped: "Generation Stopped",
    });
  });

  it("keeps the parts' places, unnamed, on a page built without the words", async () => {
    const html = await withChatShell(
      pageWith(null),
      renderChatShell(MESSAGES, { defaultAssistant: true, locale: "en" }),
    ).text();
    expect(html).toContain("<summary>&#8203;</summary>");
    expect(html).toContain('data-notice="stopped"><span>&#8203;</span>');
  });
});
