// What text Postgres can store: anything but U+0000 (text and jsonb refuse it), so a request carrying one
// is a 400 naming where, not a failed statement.

/** The path ("a.0.b") of the first string, or object key, holding U+0000 in a parsed body; null when none. */
export function nulCharacterPath(value: unknown, path: readonly (string | number)[] = []): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path.join(".") : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = nulCharacterPath(item, [...path, index]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes("\u0000")) return [...path, key.replaceAll("\u0000", "\\u0000")].join(".");
      const found = nulCharacterPath(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}
