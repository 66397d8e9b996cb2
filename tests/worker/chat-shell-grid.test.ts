// A Midjourney grid's buttons and a picture answer's footer in an open chat's first frame (src/sharing/
// chat-shell-grid.ts, chat-shell-message.ts): the rows of U1–U4 and V1–V4 under a grid, inert, named in the page's
// language as the build wrote it; and the footer the app gives the chat's last answer even without words.
import { describe, expect, it } from "vitest";
import type { MessageRow } from "../../src/db/messages";
import { ANSWER_LABELS_ATTRIBUTE, encodeLabels } from "../../src/domain/chat/shell-labels";
import type { MessageMetadata } from "../../src/domain/chat/wire";
import { renderChatShell, withChatShell } from "../../src/sharing/chat-shell";
import { type GridTexts, shellGridChoices } from "../../src/sharing/chat-shell-grid";
import { shellPictures } from "../../src/sharing/chat-shell-media";
import { shellRow } from "./support/chat-shell";

const EN: GridTexts = {
  upscales: "Upscale one picture",
  upscale: "Upscale {{choice}}",
  variations: "Vary one picture",
  vary: "Vary picture {{n}} ({{choice}})",
};
const ALL = ["U1", "U2", "U3", "U4", "🔄", "V1", "V2", "V3", "V4"];
const button = (choice: string, name: string) =>
  `<button type="button" class="button small secondary" aria-label="${name}" title="${name}">${choice}</button>`;

describe("a grid's buttons in the first frame", () => {
  it.each([
    {
      name: "a grid: a row of upscales, then one of variations (not the reroll)",
      labels: ALL,
      html:
        `<fieldset class="image-choices" aria-label="Upscale one picture" inert>${["U1", "U2", "U3", "U4"].map((c) => button(c, `Upscale ${c}`)).join("")}</fieldset>` +
        `<fieldset class="image-choices" aria-label="Vary one picture" inert>${[1, 2, 3, 4].map((n) => button(`V${n}`, `Vary picture ${n} (V${n})`)).join("")}</fieldset>`,
    },
    {
      name: "in Midjourney's order, whatever the relay's",
      labels: ["V2", "U3", "U1"],
      html:
        `<fieldset class="image-choices" aria-label="Upscale one picture" inert>${button("U1", "Upscale U1")}${button("U3", "Upscale U3")}</fieldset>` +
        `<fieldset class="image-choices" aria-label="Vary one picture" inert>${button("V2", "Vary picture 2 (V2)")}</fieldset>`,
    },
    { name: "an upscale (no buttons): nothing", labels: [], html: "" },
    { name: "labels that are no buttons: nothing", labels: ["🔄", "u1", "U5", 1, null], html: "" },
  ])("$name", ({ labels, html }) => {
    expect(shellGridChoices(labels, EN)).toBe(html);
  });

  it("escapes the page's words, and keeps the buttons' places without them", () => {
    const texts = { ...EN, upscales: `Agrandir "une" <image>`, vary: "Varier l'image {{n}} & {{choice}}" };
    const html = shellGridChoices(["U1", "V3"], texts);
    expect(html).toContain('aria-label="Agrandir &#34;une&#34; &#60;image&#62;"');
    expect(html).toContain('aria-label="Varier l&#39;image 3 &#38; V3"');
    const unnamed = shellGridChoices(["U1", "V3"], { upscales: "", upscale: "", variations: "", vary: "" });
    expect(unnamed).toBe(
      '<fieldset class="image-choices" inert><button type="button" class="button small secondary">U1</button></fieldset>' +
        '<fieldset class="image-choices" inert><button type="button" class="button small secondary">V3</button></fieldset>',
    );
  });

  it("draws them in the picture's figure, under its Download button's place, from its stored choices", () => {
    const url = "/api/files/generated/1/1/2/a.png";
    const choices = ALL.map((label) => ({ label, taskId: "t", customId: `c-${label}` }));
    const html = shellPictures([{ url, width: 64, height: 64, choices }], "a castle", EN);
    expect(html).toMatch(
      /^<div class="generated-images"><figure><img [^>]+><span class="boot-image-download"><\/span><fieldset class="image-choices" aria-label="Upscale one picture" inert>.*<\/fieldset><\/figure><\/div>$/,
    );
    expect(html.match(/<button /g)).toHaveLength(8);
    // The relay's ids stay with the app, which presses the buttons.
    expect(html).not.toContain("c-U1");
    // Stored metadata is data: choices that are not a list are none.
    for (const junk of [{}, "U1", 3, [null, { label: 5 }]])
      expect(shellPictures([{ url, choices: junk as never }], "a castle", EN)).not.toContain("<fieldset");
  });
});

const answer = (extra: Partial<MessageMetadata>): MessageMetadata => ({
  role: "assistant",
  done: true,
  outcome: "done",
  ...extra,
});
const picture = { url: "/api/files/generated/1/1/2/a.png", mimeType: "image/png", width: 64, height: 64 };
const row = (id: number, content: string, metadata: MessageMetadata, model = "test-image") =>
  shellRow(id, content, metadata, model);
const question = (id: number, content: string) => row(id, content, { role: "user" }, "");

/** Each answer's markup in a frame of `messages`, oldest first. */
async function answers(messages: MessageRow[]): Promise<string[]> {
  const shell = await renderChatShell(messages, { defaultAssistant: true, locale: "en" });
  return shell
    .messages({ web: "", documents: "", pages: "" })
    .split("<article")
    .filter((part) => part.includes('class="message model"'));
}
const hasFooter = (html: string | undefined) => html?.includes('class="message-footer"') ?? false;

describe("an answer's footer in the first frame, as the app's", () => {
  it.each([
    {
      name: "a picture alone, the chat's last answer: its Regenerate's place",
      last: answer({}),
      text: "",
      shows: true,
    },
    { name: "a picture with words, the last", last: answer({}), text: "A boat.", shows: true },
    {
      name: "a picture alone, stopped: Regenerate's place",
      last: answer({ outcome: "stopped" }),
      text: "",
      shows: true,
    },
    {
      name: "a failed answer without words: its notice's Retry is the app's, no footer",
      last: answer({ outcome: "error", error: { code: "image_error" } }),
      text: "",
      shows: false,
    },
  ])("$name", async ({ last, text, shows }) => {
    const [older, newest] = await answers([
      question(1, "A small red boat"),
      row(2, "", answer({ images: [picture] })),
      question(3, "A big blue boat"),
      row(4, text, { ...last, images: [picture] }),
    ]);
    // An earlier picture without words has none, as in the app.
    expect(hasFooter(older)).toBe(false);
    expect(hasFooter(newest)).toBe(shows);
  });

  it("counts the chat's last message, not the frame's: a question waiting for its answer ends the chat", async () => {
    const [only] = await answers([
      question(1, "A small red boat"),
      row(2, "", answer({ images: [picture] })),
      question(3, "And another"),
    ]);
    expect(hasFooter(only)).toBe(false);
  });
});

describe("a grid's buttons in the page's language", () => {
  const page = (labels: Record<string, string[]>) =>
    new Response(
      `<!doctype html><html><head></head><body><div id="root"></div><div id="boot-shell" aria-hidden="true"><div class="boot-column"><div class="boot-hero" ${ANSWER_LABELS_ATTRIBUTE}="${encodeLabels(labels)}"></div><div class="boot-composer"></div></div></div></body></html>`,
      { headers: { "Content-Type": "text/html" } },
    );
  it.each([
    ["fr", "Agrandir une image", "Agrandir U2", "Varier l&#39;image 3 (V3)"],
    ["en", "Upscale one picture", "Upscale U2", "Vary picture 3 (V3)"],
    // A language the page does not carry: English's words.
    ["de", "Upscale one picture", "Upscale U2", "Vary picture 3 (V3)"],
  ] as const)("a %s reader's frame names them in their words", async (locale, row0, upscale, vary) => {
    const labels = {
      en: ["Thought process", "Generation Stopped", ...Object.values(EN)],
      fr: [
        "Raisonnement",
        "Génération arrêtée",
        "Agrandir une image",
        "Agrandir {{choice}}",
        "Varier une image",
        "Varier l'image {{n}} ({{choice}})",
      ],
    };
    const choices = ALL.map((label) => ({ label, taskId: "t", customId: label }));
    const messages = [
      question(1, "a castle"),
      row(2, "", answer({ images: [{ ...picture, choices }] }), "midjourney"),
    ];
    const html = await withChatShell(
      page(labels),
      renderChatShell(messages, { defaultAssistant: true, locale }),
    ).text();
    expect(html).toContain(`<fieldset class="image-choices" aria-label="${row0}" inert>`);
    expect(html).toContain(`aria-label="${upscale}" title="${upscale}">U2</button>`);
    expect(html).toContain(`aria-label="${vary}" title="${vary}">V3</button>`);
  });
});
