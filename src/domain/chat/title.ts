// A chat title from what a light model answered: its first meaningful line, plain text, short.

export const TITLE_MAX = 60;

/** A title a person types when renaming a chat. */
export const TITLE_INPUT_MAX = 200;

/** What the light model is asked (the local stand-ins recognise it and answer with a title). */
export const TITLE_INSTRUCTIONS =
  "Write a title of at most six words for a conversation that starts with the user's message. Answer with the title only.";

/** First meaningful line, without markdown, cut at a word boundary. */
export function cleanTitle(raw: string, fallback: string): string {
  const line =
    raw
      .split("\n")
      .map((l) =>
        l
          .replace(/[*_`]+/g, "")
          .replace(/^[#>\-\s"'|]+|["'|]+$/g, "")
          .trim(),
      )
      .find((l) => l.length > 0) ?? "";
  const text = (line || fallback).replace(/\s+/g, " ").trim();
  if (text.length <= TITLE_MAX) return text;
  const cut = text.slice(0, TITLE_MAX);
  const space = cut.lastIndexOf(" ");
  return `${(space > 20 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
