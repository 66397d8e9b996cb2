// Avatar initials (SPEC §9): the first letters of the first two words of the name, else of the email's
// local part split on "." "_" "-"; never digits (or symbols) while letters exist.

const LETTER = /\p{L}/u;

/**
 * "Ada Lovelace Byron" → "AL"; "ada" → "A"; "john99 smith" → "JS"; "2fast" → "F"; "42 ada" → "A";
 * "" → "". Only a text without a single letter falls back to its words' first characters ("2024" → "2").
 */
export function avatarInitials(text: string): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lettered = words.filter((word) => LETTER.test(word));
  if (lettered.length === 0) {
    return words
      .slice(0, 2)
      .map((word) => Array.from(word)[0] ?? "")
      .join("");
  }
  return lettered
    .slice(0, 2)
    .map(
      (word) =>
        Array.from(word)
          .find((char) => LETTER.test(char))
          ?.toLocaleUpperCase() ?? "",
    )
    .join("");
}

/**
 * Users have no display name, only an email: "ada.lovelace@x.org" reads as the words "ada lovelace"; a
 * "+tag" is not part of the person's name.
 */
export const nameFromEmail = (email: string): string =>
  (email.split("@")[0] ?? "")
    .replace(/\+.*$/, "")
    .replace(/[._-]+/g, " ")
    .trim();

/** The initials of a name when there is one, else of the email. */
export const initialsOf = ({ name, email }: { name?: string | null; email: string }): string =>
  (name ? avatarInitials(name) : "") || avatarInitials(nameFromEmail(email));
