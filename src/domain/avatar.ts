// Avatar initials (SPEC §9): the first letters of the first two words.

/** "Ada Lovelace Byron" → "AL"; "ada" → "A"; "" → "". Letters outside the BMP stay whole. */
export function avatarInitials(text: string): string {
  return text
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0]?.toLocaleUpperCase() ?? "")
    .join("");
}

/** Users have no display name, only an email: "ada.lovelace@x.org" reads as the words "ada lovelace". */
export const nameFromEmail = (email: string): string =>
  (email.split("@")[0] ?? "").replace(/[._+-]+/g, " ").trim();
