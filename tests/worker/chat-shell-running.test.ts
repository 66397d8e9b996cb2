// An answer still being written when an open chat's page loads (src/sharing/chat-shell-message.ts): its saved row
// is empty until it ends, and the app resumes it from its live stream, showing its writing dots meanwhile. The
// frame draws those dots, named in the page's language, and no footer.
import { describe, expect, it } from "vitest";
import type { MessageRow } from "../../src/db/messages";
import { ANSWER_LABELS_ATTRIBUTE } from "../../src/domain/chat/shell-labels";
import type { MessageMetadata } from "../../src/domain/chat/wire";
import type { Locale } from "../../src/domain/locales";
import { renderChatShell, withChatShell } from "../../src/sharing/chat-shell";
import { indexWithLabels, shellRow } from "./support/chat-shell";

const row = shellRow;
const running: MessageMetadata = { role: "assistant", done: false };
const done: MessageMetadata = { role: "assistant", done: true, outcome: "done" };
const question = row(1, "How do lamps work?", { role: "user" });

const DOTS = '<span class="dots" aria-hidden="true"><i></i><i></i><i></i></span>';
const writing = (said: string) =>
  `<article class="message model" aria-busy="true"><header class="message-header">Test</header><div class="writing">${DOTS}<span class="visually-hidden">${said}</span></div></article>`;

/** index.html as the build writes it, with the answers' parts' words of these languages (writing dots last). */
const page = (labels: Record<string, string[]> | null) => indexWithLabels(ANSWER_LABELS_ATTRIBUTE, labels);
const LABELS = {
  en: ["Thought process", "Generation Stopped", "", "", "", "", "Writing…"],
  fr: ["Raisonnement", "Génération arrêtée", "", "", "", "", "Rédaction…"],
};
const framed = async (
  messages: MessageRow[],
  locale: Locale,
  labels: Record<string, string[]> | null = LABELS,
) => {
  const html = await withChatShell(
    page(labels),
    renderChatShell(messages, { defaultAssistant: true, locale }),
  ).text();
  return html.slice(html.indexOf('<div class="boot-messages">'));
};

describe("an answer still being written in the first frame", () => {
  it.each([
    { name: "empty, as saved while it runs", content: "" },
    // The app resumes it from an empty text too, replaying its stream: no words of the frame's to jump from.
    { name: "with words saved", content: "## About lamps" },
  ])("is its header and writing dots, no footer ($name)", async ({ content }) => {
    const html = await framed([question, row(2, content, running)], "en");
    expect(html).toContain(`</article>${writing("Writing…")}</div>`);
    expect(html).not.toContain("About lamps");
  });

  it("names the dots in the reader's language, else English's, else not at all", async () => {
    expect(await framed([question, row(2, "", running)], "fr")).toContain(writing("Rédaction…"));
    expect(await framed([question, row(2, "", running)], "de")).toContain(writing("Writing…"));
    expect(await framed([question, row(2, "", running)], "en", null)).toContain(writing(""));
  });

  it("escapes the page's words", async () => {
    const labels = { en: ["", "", "", "", "", "", "<b>Writing</b> & more"] };
    expect(await framed([question, row(2, "", running)], "en", labels)).toContain(
      '<span class="visually-hidden">&#60;b&#62;Writing&#60;/b&#62; &#38; more</span>',
    );
  });

  it("leaves an unfinished answer that is not the chat's last as saved, as the app does (it resumes the last only)", async () => {
    const html = await framed(
      [question, row(2, "Half an answer", running), row(3, "And?", { role: "user" }), row(4, "Done.", done)],
      "en",
    );
    expect(html).not.toContain('class="writing"');
    expect(html).toContain("Half an answer</p>\n</div><footer");
  });

  it("is drawn for an answer being written after a finished exchange, the others as before", async () => {
    const html = await framed(
      [question, row(2, "Lamps glow.", done), row(3, "More?", { role: "user" }), row(4, "", running)],
      "en",
    );
    expect(html.match(/class="writing"/g)).toHaveLength(1);
    expect(html).toContain("Lamps glow.</p>\n</div><footer");
    expect(
      html.endsWith(
        `${writing("Writing…")}</div></div><div class="boot-composer"><textarea class="boot-input" rows="2" aria-label="Message"></textarea></div></div></div></body></html>`,
      ),
    ).toBe(true);
  });
});
