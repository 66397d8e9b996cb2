// Random tokens and digests: session tokens, their table ids, and verification codes.

const toHex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** 256 random bits, base64url without padding: 43 characters. */
export function newSessionToken(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
}

export const SESSION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return toHex(new Uint8Array(digest));
}

/** The table keeps only this digest of a session token, so a leaked table opens no session. */
export const hashSessionToken = (token: string): Promise<string> => sha256Hex(token);

/** A uniformly random string of decimal digits (rejection sampling avoids modulo bias). */
export function randomDigits(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < 250 && out.length < length) out += String(byte % 10);
    }
  }
  return out;
}

/** Equal-length string comparison whose time does not depend on where the strings differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
