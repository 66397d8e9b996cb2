// The one check of where a visitor may be sent back to after signing in: a path on this site, as browsers read it.

/** A stand-in origin: only whether a value stays on it matters, never its name. */
const SELF = "https://self.invalid";
const MAX_LENGTH = 2_000;

/**
 * The same-origin path (with query and hash) that `value` leads to, or null when it would leave the site or is
 * not a path at all. The URL parser decides, so every trick a browser normalises away — tabs and newlines it
 * strips (`/\t/evil.example`), backslashes it reads as slashes (`/\evil.example`), userinfo, schemes — is judged
 * as the browser will follow it; what is returned is that normalised form, so the caller navigates to exactly
 * what was checked.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > MAX_LENGTH || !value.startsWith("/")) return null;
  let url: URL;
  try {
    url = new URL(value, SELF);
  } catch {
    return null;
  }
  if (url.origin !== SELF) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
