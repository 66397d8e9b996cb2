// Limits of emails, passwords and verification codes: plain constants, so the client can import them for free.

export const EMAIL_MAX_LENGTH = 200;
export const PASSWORD_MIN_LENGTH = 10;
/** scrypt takes any length, but a cap keeps a request from feeding it megabytes. */
export const PASSWORD_MAX_LENGTH = 256;
export const VERIFICATION_CODE_LENGTH = 6;

/** What a form can say of a new password before asking (the Worker's rules also refuse common ones). */
export function passwordLengthProblem(password: string): "too_short" | "too_long" | null {
  if (password.length < PASSWORD_MIN_LENGTH) return "too_short";
  if (password.length > PASSWORD_MAX_LENGTH) return "too_long";
  return null;
}

/** Emails are stored trimmed and lower-cased, so the unique index sees one spelling per address. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/**
 * Whether a typed entry can be an address at all (one @, a dot after it, no spaces or separators), so a form
 * can name the entry that is not before asking; the Worker's `emailSchema` stays the rule that decides.
 */
export const looksLikeEmail = (entry: string): boolean =>
  /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;.][^\s@,;]*$/.test(entry);
