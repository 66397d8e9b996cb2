// The chat's live region: which answers it speaks of (those asked on the screen, not those found there or
// resumed), when (start and end, not each token), and how much of a long answer it reads.
import { describe, expect, it } from "vitest";
import {
  ANNOUNCED_MAX_CHARACTERS,
  ANNOUNCED_PROMPT_CHARACTERS,
  type AnnouncedMessage,
  type Announcement,
  type AnnouncerState,
  announcedText,
  announcerStep,
  initialAnnouncerState,
} from "../../src/domain/chat/answer-announcements";

const question = (id: number, content = "Why is the sky blue?"): AnnouncedMessage => ({
  id,
  role: "user",
  content,
  model: null,
  metadata: { role: "user" },
});
const answer = (
  id: number,
  content: string,
  metadata: Partial<AnnouncedMessage["metadata"]> = {},
  live = false,
): AnnouncedMessage => ({
  id,
  role: "assistant",
  content,
  model: "gpt-5-mini",
  metadata: { role: "assistant", done: !live, ...metadata },
  live,
});
const writing = (id: number, content = "") => answer(id, content, { done: false }, true);

/**
 * Each step: the pane's messages, whether it just mounted, which answers lost their stream, and the
 * questions whose answers are being written.
 */
type Step = { messages: AnnouncedMessage[]; mounting?: boolean; lost?: number[]; answering?: string[] };

function run(steps: Step[], from: AnnouncerState = initialAnnouncerState()) {
  let state = from;
  const said: (Announcement | null)[] = [];
  for (const { messages, mounting = false, lost = [], answering = [] } of steps) {
    const next = announcerStep(state, messages, {
      mounting,
      lost: (id) => lost.includes(id),
      answering: (question) => answering.includes(question),
    });
    state = next.state;
    said.push(next.announcement);
  }
  return { said, state };
}

const answering = { kind: "answering", model: "gpt-5-mini" } as const;
const picture = { url: "/api/attachments/generated/1.png", mimeType: "image/png" };
const old = [question(1, "Hello"), answer(2, "Hi there.")];

describe("the answers announced", () => {
  it.each<[string, Step[], (Announcement | null)[]]>([
    [
      "an open chat's message: the placeholder starts it, the saved answer streams, its words end it",
      [
        { messages: old, mounting: true },
        { messages: [...old, question(-1), writing(-2)] },
        { messages: [...old, question(3), writing(4, "Rayleigh")] },
        { messages: [...old, question(3), writing(4, "Rayleigh scattering.")] },
        // Ended in the store, the saved message not in the cache yet: nothing said until it is.
        { messages: [...old, question(3), answer(4, "", { done: false })] },
        { messages: [...old, question(3), answer(4, "Rayleigh scattering.")] },
        { messages: [...old, question(3), answer(4, "Rayleigh scattering.")] },
      ],
      [null, answering, null, null, null, { kind: "answer", text: "Rayleigh scattering.", cut: false }, null],
    ],
    [
      "a regenerated answer (no placeholder): first seen live",
      [
        { messages: old, mounting: true },
        { messages: [question(1, "Hello"), writing(5)] },
        { messages: [question(1, "Hello"), answer(5, "Hello again.")] },
      ],
      [null, answering, { kind: "answer", text: "Hello again.", cut: false }],
    ],
    [
      "an answer already live when the chat opens (it was asked before): not announced",
      [
        { messages: [...old, question(3), writing(4)], mounting: true },
        { messages: [...old, question(3), answer(4, "Done.")] },
      ],
      [null, null],
    ],
    [
      "after a reload: the unfinished answer is there, then resumed live: not announced",
      [
        { messages: [...old, question(3), answer(4, "", { done: false })], mounting: true },
        { messages: [...old, question(3), writing(4, "Replayed")] },
        { messages: [...old, question(3), answer(4, "Replayed and finished.")] },
      ],
      [null, null, null],
    ],
    [
      "another tab's answer: read from the server unfinished, then followed: not announced",
      [
        { messages: old, mounting: true },
        { messages: [...old, question(3), answer(4, "", { done: false })] },
        { messages: [...old, question(3), writing(4, "Elsewhere")] },
        { messages: [...old, question(3), answer(4, "Elsewhere asked.")] },
      ],
      [null, null, null, null],
    ],
    [
      "stopped: the notice",
      [
        { messages: old, mounting: true },
        { messages: [...old, question(-1), writing(-2)] },
        { messages: [...old, question(3), writing(4, "Half")] },
        { messages: [...old, question(3), answer(4, "Half (stopped)", { outcome: "stopped" })] },
      ],
      [null, answering, null, { kind: "notice", notice: "stopped" }],
    ],
    [
      "failed: its notice, naming the provider",
      [
        { messages: old, mounting: true },
        { messages: [...old, question(-1), writing(-2)] },
        {
          messages: [
            ...old,
            question(3),
            answer(4, "Half", {
              outcome: "error",
              error: { code: "provider_unavailable", provider: "openai" },
            }),
          ],
        },
      ],
      [null, answering, { kind: "notice", notice: "providerUnavailable", provider: "openai" }],
    ],
    [
      "its stream lost: could not be saved",
      [
        { messages: old, mounting: true },
        { messages: [...old, question(-1), writing(-2)] },
        { messages: [...old, question(3), writing(4, "Part")] },
        { messages: [...old, question(3), answer(4, "", { done: false })], lost: [4] },
      ],
      [null, answering, null, { kind: "notice", notice: "notSaved" }],
    ],
    [
      "a message that could not be sent: the placeholder goes, nothing more is said here",
      [
        { messages: old, mounting: true },
        { messages: [...old, question(-1), writing(-2)] },
        { messages: old },
        { messages: [...old, question(-1), writing(-2)] },
      ],
      [null, answering, null, answering],
    ],
    [
      "two messages in a row: each announced, the placeholder's id coming back",
      [
        { messages: old, mounting: true },
        { messages: [...old, question(-1), writing(-2)] },
        { messages: [...old, question(3), answer(4, "One.")] },
        { messages: [...old, question(3), answer(4, "One."), question(-1), writing(-2)] },
        { messages: [...old, question(3), answer(4, "One."), question(5), answer(6, "Two.")] },
      ],
      [
        null,
        answering,
        { kind: "answer", text: "One.", cut: false },
        answering,
        { kind: "answer", text: "Two.", cut: false },
      ],
    ],
    [
      "an answer of no words and no picture: nothing to read",
      [
        { messages: old, mounting: true },
        { messages: [...old, writing(7)] },
        { messages: [...old, answer(7, "", { images: [] })] },
      ],
      [null, answering, { kind: "answer", text: "", cut: false }],
    ],
    [
      "a picture: that it is ready, and its prompt",
      [
        { messages: old, mounting: true },
        { messages: [...old, question(-1, "A red fox  in the snow"), writing(-2)] },
        { messages: [...old, question(8, "A red fox  in the snow"), answer(9, "", { images: [picture] })] },
      ],
      [
        null,
        answering,
        { kind: "answer", text: "", cut: false, pictures: { count: 1, about: "A red fox in the snow" } },
      ],
    ],
    [
      "two pictures and some words",
      [
        { messages: old, mounting: true },
        { messages: [...old, question(-1, "Two foxes"), writing(-2)] },
        {
          messages: [
            ...old,
            question(8, "Two foxes"),
            answer(9, "Here you go.", { images: [picture, picture] }),
          ],
        },
      ],
      [
        null,
        answering,
        { kind: "answer", text: "Here you go.", cut: false, pictures: { count: 2, about: "Two foxes" } },
      ],
    ],
    [
      "a picture of a question without words (a picture sent to an upscaler)",
      [
        { messages: old, mounting: true },
        { messages: [...old, question(-1, ""), writing(-2)] },
        { messages: [...old, question(8, ""), answer(9, "", { images: [picture] })] },
      ],
      [null, answering, { kind: "answer", text: "", cut: false, pictures: { count: 1, about: "" } }],
    ],
    [
      "a picture from anywhere but our API: not shown, so not counted",
      [
        { messages: old, mounting: true },
        { messages: [...old, question(-1, "A fox"), writing(-2)] },
        {
          messages: [
            ...old,
            question(8, "A fox"),
            answer(9, "Here.", {
              images: [picture, { url: "https://elsewhere.test/1.png", mimeType: "image/png" }],
            }),
          ],
        },
      ],
      [
        null,
        answering,
        { kind: "answer", text: "Here.", cut: false, pictures: { count: 1, about: "A fox" } },
      ],
    ],
    [
      "a picture that failed: its failure",
      [
        { messages: old, mounting: true },
        { messages: [...old, question(-1, "A fox"), writing(-2)] },
        {
          messages: [
            ...old,
            question(8, "A fox"),
            answer(9, "", { outcome: "error", error: { code: "image_error", provider: "test" } }),
          ],
        },
      ],
      [null, answering, { kind: "notice", notice: "imageError", provider: "test" }],
    ],
  ])("%s", (_, steps, expected) => {
    expect(run(steps).said).toEqual(expected);
  });

  it("follows a new chat's first answer into the chat it creates, by its question", () => {
    const newChat = run([{ messages: [question(-1, "Plan a trip"), writing(-2)], mounting: true }]);
    expect(newChat.said).toEqual([answering]);
    const opened = run(
      [
        { messages: [question(10, "Plan a trip"), writing(11, "Day one")], mounting: true },
        { messages: [question(10, "Plan a trip"), answer(11, "Day one: the coast.")] },
      ],
      newChat.state,
    );
    expect(opened.said).toEqual([null, { kind: "answer", text: "Day one: the coast.", cut: false }]);
  });

  it("says a new chat's first answer that ended before the chat's pane mounted", () => {
    const newChat = run([{ messages: [question(-1, "Plan a trip"), writing(-2)], mounting: true }]);
    const opened = run(
      [{ messages: [question(10, "Plan a trip"), answer(11, "Day one: the coast.")], mounting: true }],
      newChat.state,
    );
    expect(opened.said).toEqual([{ kind: "answer", text: "Day one: the coast.", cut: false }]);
    // Another chat opened meanwhile, whose last answer is to another question: nothing.
    const other = run(
      [{ messages: [question(20, "Another chat"), answer(21, "Its answer.")], mounting: true }],
      newChat.state,
    );
    expect(other.said).toEqual([null]);
  });

  it("follows it on when the new chat's pane shows its placeholder anew while the chat opens", () => {
    const asked = [question(-1, "Plan a trip"), writing(-2)];
    const { said } = run([
      { messages: asked, mounting: true },
      { messages: asked, mounting: true, answering: ["Plan a trip"] },
      { messages: [question(10, "Plan a trip"), writing(11, "Day one")], mounting: true },
      { messages: [question(10, "Plan a trip"), answer(11, "Day one.")] },
    ]);
    expect(said).toEqual([answering, null, null, { kind: "answer", text: "Day one.", cut: false }]);
  });

  it("announces a new chat's message sent again after it could not be sent", () => {
    const asked = [question(-1, "Plan a trip"), writing(-2)];
    const { said } = run([
      { messages: asked, mounting: true },
      { messages: asked, mounting: true },
    ]);
    expect(said).toEqual([answering, answering]);
  });

  it("forgets an answer followed in another chat when a chat opens with a live answer of its own", () => {
    const elsewhere = run([
      { messages: old, mounting: true },
      { messages: [...old, question(-1), writing(-2)] },
    ]);
    const first = run([{ messages: [question(-1, "Something else"), writing(-2)], mounting: true }]);
    for (const from of [elsewhere.state, first.state]) {
      const opened = run(
        [
          { messages: [question(20, "Another chat"), writing(21)], mounting: true },
          { messages: [question(20, "Another chat"), answer(21, "Its answer.")] },
        ],
        from,
      );
      expect(opened.said).toEqual([null, null]);
    }
  });
});

describe("how much of an answer is read", () => {
  it("reads a short answer whole, as plain text", () => {
    expect(
      announcedText("## Blue\n\nThe sky is **blue** because of [Rayleigh](https://x.test) scattering."),
    ).toEqual({ text: "Blue. The sky is blue because of Rayleigh scattering.", cut: false });
  });

  it("reads formulas as symbols and tables row by row", () => {
    expect(
      announcedText("With $n$ words, $\\frac{n(n+1)}{2}$ pairs:\n\n| n | pairs |\n|---|---|\n| 3 | 6 |"),
    ).toEqual({ text: "With n words, n(n+1)/2 pairs: n, pairs. 3, 6.", cut: false });
  });

  it("cuts a long prompt said with its picture at a word", () => {
    const prompt = "a lighthouse on a cliff at dusk, ".repeat(12);
    const { said } = run([
      { messages: old, mounting: true },
      { messages: [...old, question(-1, prompt), writing(-2)] },
      { messages: [...old, question(8, prompt), answer(9, "", { images: [picture] })] },
    ]);
    const about = said[2]?.kind === "answer" ? (said[2].pictures?.about ?? "") : "";
    expect(about.length).toBeLessThanOrEqual(ANNOUNCED_PROMPT_CHARACTERS + 1);
    expect(about.length).toBeGreaterThan(ANNOUNCED_PROMPT_CHARACTERS / 2);
    expect(about).toMatch(/^a lighthouse on a cliff at dusk, a lighthouse .*[a-z,]…$/);
    expect(prompt.replace(/\s+/g, " ").startsWith(about.slice(0, -1))).toBe(true);
  });

  it("reads a long answer's start, ending at a sentence or a word", () => {
    const sentence = "The quick brown fox jumps over the lazy dog. ";
    const long = announcedText(sentence.repeat(40));
    expect(long.cut).toBe(true);
    expect(long.text.length).toBeLessThanOrEqual(ANNOUNCED_MAX_CHARACTERS);
    expect(long.text.length).toBeGreaterThan(ANNOUNCED_MAX_CHARACTERS / 2);
    expect(long.text.endsWith("dog.")).toBe(true);
    const words = announcedText("word ".repeat(200));
    expect(words).toEqual({ text: "word ".repeat(80).trim(), cut: true });
  });
});
