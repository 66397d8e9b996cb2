// When an answer shows its footer, in the chat and in the open chat's first frame alike.
import { describe, expect, it } from "vitest";
import { type FooterSubject, showsAnswerFooter } from "../../src/domain/chat/answer-footer";

const finished: FooterSubject = { live: false, text: true, last: false, notice: null };

describe("showsAnswerFooter", () => {
  it.each([
    { name: "an answer with words", subject: finished, shows: true },
    { name: "the last answer with words", subject: { ...finished, last: true }, shows: true },
    { name: "an answer being written", subject: { ...finished, live: true, last: true }, shows: false },
    { name: "a picture alone, not the last", subject: { ...finished, text: false }, shows: false },
    {
      name: "a picture alone, the last: Regenerate",
      subject: { ...finished, text: false, last: true },
      shows: true,
    },
    {
      name: "the last answer stopped before its words: Regenerate",
      subject: { ...finished, text: false, last: true, notice: "stopped" },
      shows: true,
    },
    {
      name: "the last answer failed without words: its notice's Retry instead",
      subject: { ...finished, text: false, last: true, notice: "providerUnavailable" },
      shows: false,
    },
    {
      name: "a failed answer with words: their copy button",
      subject: { ...finished, last: true, notice: "imageError" },
      shows: true,
    },
    {
      name: "the last answer whose stream was lost without words",
      subject: { ...finished, text: false, last: true, notice: "notSaved" },
      shows: false,
    },
  ] as const satisfies readonly { name: string; subject: FooterSubject; shows: boolean }[])(
    "$name: $shows",
    ({ subject, shows }) => {
      expect(showsAnswerFooter(subject)).toBe(shows);
    },
  );
});
