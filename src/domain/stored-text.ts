// What text Postgres can store: valid Unicode without U+0000 (text and jsonb refuse the NUL character, jsonb an
// unpaired surrogate's escape, and text would keep a replacement character instead of what was sent), so a
// request carrying either is a 400 naming where, not a failed statement or a silently changed value.

/** Why a string cannot be stored as sent. */
export type UnstorableText = "nul" | "surrogate";

/** A UTF-16 surrogate without its other half: JavaScript strings may hold one, UTF-8 cannot. */
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** What keeps a string from being stored as sent, or null. */
export function unstorableText(text: string): UnstorableText | null {
  if (text.includes("\u0000")) return "nul";
  return UNPAIRED_SURROGATE.test(text) ? "surrogate" : null;
}

/** A key as a path segment a person can read: the characters that could not be stored, escaped. */
const readableKey = (key: string) =>
  [...key]
    .map((c) => (unstorableText(c) ? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}` : c))
    .join("");

/**
 * The path ("a.0.b") of the first string, or object key, that cannot be stored in a parsed body, and why;
 * null when there is none.
 */
export function unstorableTextPath(
  value: unknown,
  path: readonly (string | number)[] = [],
): { path: string; problem: UnstorableText } | null {
  if (typeof value === "string") {
    const problem = unstorableText(value);
    return problem ? { path: path.join("."), problem } : null;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = unstorableTextPath(item, [...path, index]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const problem = unstorableText(key);
      if (problem) return { path: [...path, readableKey(key)].join("."), problem };
      const found = unstorableTextPath(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}

/** What a refusal says about each problem. */
export const UNSTORABLE_TEXT_MESSAGES: Record<UnstorableText, string> = {
  nul: "must not contain the NUL character (U+0000)",
  surrogate: "must be valid Unicode (it holds half of a surrogate pair)",
};
