// Password hashing with node:crypto scrypt; the parameters travel inside the hash so they can be raised later.
//
// Format: scrypt$N$r$p$<salt base64>$<key base64>. Imported by the Worker and by Node scripts (seed), so it
// has no relative imports.
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** An OWASP-listed setting (N=2^14, r=8, p=5): about 180 ms in workerd, within a paid Worker's CPU budget. */
export const CURRENT_SCRYPT_PARAMS: Readonly<ScryptParams> = { N: 2 ** 14, r: 8, p: 5 };

/**
 * A test Worker's setting (APP_ENV=test with SCRYPT_COST=low, never elsewhere): the sign-in throttle tests
 * alone make hundreds of hashes, at production's cost two of the Worker test passes' slowest minutes.
 */
export const LOW_SCRYPT_PARAMS: Readonly<ScryptParams> = { N: 2 ** 10, r: 8, p: 1 };

/** What new hashes use, and what older ones are upgraded to: production's unless a test Worker says so. */
let current: Readonly<ScryptParams> = CURRENT_SCRYPT_PARAMS;
let dummyOfCurrent: Promise<string> | null = null;

/** Per isolate, like the database driver's settings: the same for every request of a Worker. */
export function configureScrypt(env: { APP_ENV?: string; SCRYPT_COST?: string }): void {
  const wanted =
    env.APP_ENV === "test" && env.SCRYPT_COST === "low" ? LOW_SCRYPT_PARAMS : CURRENT_SCRYPT_PARAMS;
  if (wanted === current) return;
  current = wanted;
  dummyOfCurrent = null;
}

export const scryptParams = (): Readonly<ScryptParams> => current;

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

/** Hard bounds on what a stored hash may ask for, so a corrupt row cannot stall a request. */
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;

function derive(password: string, salt: Buffer, { N, r, p }: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // scrypt needs 128·N·r bytes; Node refuses anything above maxmem, so give it room with a margin.
    const maxmem = 256 * N * r + 1024 * 1024;
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { N, r, p, maxmem }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string, params: ScryptParams = current): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, params);
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

interface ParsedHash extends ScryptParams {
  salt: Buffer;
  key: Buffer;
}

function parse(stored: string): ParsedHash | null {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return null;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const valid =
    Number.isInteger(N) &&
    N > 1 &&
    N <= MAX_N &&
    (N & (N - 1)) === 0 &&
    Number.isInteger(r) &&
    r >= 1 &&
    r <= MAX_R &&
    Number.isInteger(p) &&
    p >= 1 &&
    p <= MAX_P;
  if (!valid) return null;
  const salt = Buffer.from(parts[4] ?? "", "base64");
  const key = Buffer.from(parts[5] ?? "", "base64");
  if (salt.length === 0 || key.length === 0) return null;
  return { N, r, p, salt, key };
}

/** True when a hash was made with weaker parameters than new ones get, so sign-in should re-hash it. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  if (!parsed) return true;
  return (
    parsed.N < current.N || parsed.r < current.r || parsed.p < current.p || parsed.key.length < KEY_LENGTH
  );
}

/** Constant-time comparison of the derived key; an unreadable hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/**
 * A hash, with today's parameters, of a random password nobody knows. Sign-in checks it when the email
 * is unknown (or deleted, or OAuth-only), so that answer takes as long as a wrong password does.
 * Replace it whenever CURRENT_SCRYPT_PARAMS change (a test checks they match).
 */
export const DUMMY_PASSWORD_HASH =
  "scrypt$16384$8$5$hZrwIZOrsVmzLce+HzoXMA==$942ThfZHWI1r6HvR5kwafMmcOM6t+6Df96KmGFN8vOI=";

/** The dummy hash of the parameters in use: the constant in production, one made once in a test Worker. */
export function dummyPasswordHash(): Promise<string> {
  if (current === CURRENT_SCRYPT_PARAMS) return Promise.resolve(DUMMY_PASSWORD_HASH);
  dummyOfCurrent ??= hashPassword(randomBytes(24).toString("base64url"), current);
  return dummyOfCurrent;
}
