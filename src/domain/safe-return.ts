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

/**
 * `path` with `name=value` in its query, in place of any parameter of that name already there. It goes before a
 * `#fragment`: appended after one, it would be part of the fragment, which the server and the page's query never
 * see (`/a?x=1#y` → `/a?x=1&checkout=cancelled#y`). The rest of the path is kept as it is.
 */
export function withQueryParameter(path: string, name: string, value: string): string {
  const hashAt = path.indexOf("#");
  const beforeHash = hashAt === -1 ? path : path.slice(0, hashAt);
  const hash = hashAt === -1 ? "" : path.slice(hashAt);
  const queryAt = beforeHash.indexOf("?");
  const pathname = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const query = queryAt === -1 ? "" : beforeHash.slice(queryAt + 1);
  const pair = `${encodeURIComponent(name)}=${encodeURIComponent(value)}`;
  const kept = query.split("&").filter((part) => part !== "" && !isParameter(part, name));
  return `${pathname}?${[...kept, pair].join("&")}${hash}`;
}

/** Whether a query's `part` (`a=1`, `a`) is a parameter called `name`, as URLSearchParams would decode it. */
const isParameter = (part: string, name: string): boolean =>
  new URLSearchParams(part).keys().next().value === name;
