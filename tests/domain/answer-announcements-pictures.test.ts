// How an answer with pictures is said: what they are ("Picture ready: <its prompt>"), then its words as
// sentences of their own, with a pause between, in every language the sentence is written in.
import { describe, expect, it } from "vitest";
import { picturesThenWords } from "../../src/domain/chat/answer-announcements";

describe("the pictures' sentence, then the answer's words", () => {
  it.each<[string, string, string, string]>([
    [
      "a prompt: a full stop before the words",
      "Picture ready: A fox",
      "Here it is.",
      "Picture ready: A fox. Here it is.",
    ],
    ["no words: the pictures alone", "Picture ready: A fox", "", "Picture ready: A fox"],
    [
      "a prompt that ends a sentence",
      "Picture ready: A fox.",
      "Here it is.",
      "Picture ready: A fox. Here it is.",
    ],
    ["a question", "Picture ready: Can you draw a fox?", "Sure.", "Picture ready: Can you draw a fox? Sure."],
    [
      "a prompt cut short",
      "Picture ready: a lighthouse on a cliff…",
      "Done.",
      "Picture ready: a lighthouse on a cliff… Done.",
    ],
    [
      "a sentence ended in quotes",
      'Picture ready: A sign saying "Stop."',
      "Done.",
      'Picture ready: A sign saying "Stop." Done.',
    ],
    ["in brackets", "Picture ready: A fox (in snow!)", "Done.", "Picture ready: A fox (in snow!) Done."],
    [
      "a comma in place of the full stop",
      "Picture ready: A fox, in snow,",
      "Done.",
      "Picture ready: A fox, in snow. Done.",
    ],
    [
      "a colon, with a space before it",
      "Image prête : Dessine ceci :",
      "Voilà.",
      "Image prête : Dessine ceci. Voilà.",
    ],
    ["no prompt", "2 pictures ready", "Both are foxes.", "2 pictures ready. Both are foxes."],
    ["in another language", "Gotowe obrazy (2): Lis", "Oto one.", "Gotowe obrazy (2): Lis. Oto one."],
    ["trailing spaces", "Picture ready: A fox  ", "Done.", "Picture ready: A fox. Done."],
  ])("%s", (_, pictures, words, spoken) => {
    expect(picturesThenWords(pictures, words)).toBe(spoken);
  });
});
