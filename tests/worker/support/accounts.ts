// Helpers for Worker tests that need accounts: calling the API as a browser would, and setting up rows.
import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { session, subscription, user, verificationCode } from "../../../drizzle/schema";
import { hashPassword, LOW_SCRYPT_PARAMS } from "../../../src/auth/password";
import { hashSessionToken, newSessionToken } from "../../../src/auth/tokens";
import { type Database, openDatabase } from "../../../src/db/client";
import { idleExpiry } from "../../../src/domain/sessions";

export const ORIGIN = "http://app.test";

/** A fresh address per call: every test file shares one database. */
export const uniqueEmail = (label = "user") => `${label}-${crypto.randomUUID()}@example.test`;

/**
 * A fresh client IP per call, so IP throttles of different tests never add up: a unique local IPv6 address
 * (fd00::/8) in a /64 of its own, since an IPv6 client is throttled by its /64 (56 random bits pick it).
 */
export function uniqueIp(): string {
  const groups = crypto.getRandomValues(new Uint16Array(8));
  groups[0] = 0xfd00 | ((groups[0] ?? 0) & 0xff);
  return Array.from(groups, (g) => g.toString(16)).join(":");
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  cookie?: string | null;
  ip?: string;
  headers?: Record<string, string>;
}

/**
 * Calls the Worker like a same-origin page: JSON body, the session cookie, and the client's address in
 * CF-Connecting-IP (as Cloudflare, or our local front, sets it) — a fresh one per call unless `ip` is given,
 * as if every call came from its own socket.
 */
export function call(
  path: string,
  { method, body, cookie, ip, headers = {} }: CallOptions = {},
): Promise<Response> {
  const h: Record<string, string> = { "CF-Connecting-IP": ip ?? uniqueIp(), ...headers };
  if (body !== undefined) h["Content-Type"] ??= "application/json";
  if (cookie) h.Cookie = cookie;
  return exports.default.fetch(
    new Request(`${ORIGIN}${path}`, {
      method: method ?? (body === undefined ? "GET" : "POST"),
      headers: h,
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
      redirect: "manual",
    }),
  );
}

/** The Set-Cookie line for `name`, if the response sets it. */
export const setCookieLine = (res: Response, name = "session") =>
  res.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));

/** "name=<value>" of a cookie the response sets, if it sets one with a value. */
export function cookiePair(res: Response, name: string): string | undefined {
  const pair = setCookieLine(res, name)?.split(";")[0];
  return pair && !pair.endsWith("=") ? pair : undefined;
}

/** "session=<token>" from a response that signed the browser in. */
export function sessionCookie(res: Response): string {
  const line = setCookieLine(res);
  if (!line) throw new Error(`no session cookie in the answer (status ${res.status})`);
  return line.split(";")[0] ?? "";
}

export async function errorOf(res: Response): Promise<{ code: string; message: string; details?: unknown }> {
  const body = (await res.json()) as { error: { code: string; message: string; details?: unknown } };
  return body.error;
}

/** The response is a refusal with this status and error code. */
export async function expectError(res: Response, status: number, code: string): Promise<void> {
  expect(res.status).toBe(status);
  expect((await errorOf(res)).code).toBe(code);
}

/** Runs `fn` with a database connection of the test's own, closed afterwards. */
export async function withDb<T>(fn: (db: Database) => Promise<T>): Promise<T> {
  const { db, close } = openDatabase(env);
  try {
    return await fn(db);
  } finally {
    await close();
  }
}

/** The session row of a `session=<token>` cookie. */
export async function sessionRow(cookie: string) {
  const id = await hashSessionToken(cookie.replace(/^session=/, ""));
  const [row] = await withDb((db) => db.select().from(session).where(eq(session.id, id)));
  return row;
}

/** Moves a cookie's session in time: made long ago, idle for a while, expired. */
export async function setSessionTimes(
  cookie: string,
  times: { createdAt?: Date; expiresAt?: Date; lastUsedAt?: Date },
) {
  const id = await hashSessionToken(cookie.replace(/^session=/, ""));
  await withDb((db) => db.update(session).set(times).where(eq(session.id, id)));
}

/** A session last used two days ago and live for two more: the next request that finds it slides it. */
export const makeSessionDueToSlide = (cookie: string) =>
  setSessionTimes(cookie, {
    lastUsedAt: new Date(Date.now() - 2 * 86_400_000),
    expiresAt: new Date(Date.now() + 2 * 86_400_000),
  });

/** Changes the times of an account's verification code: a resend's minute passed, a code expired. */
export async function updateVerificationCode(email: string, patch: { sentAt?: Date; expiresAt?: Date }) {
  await withDb(async (db) => {
    const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
    await db
      .update(verificationCode)
      .set(patch)
      .where(eq(verificationCode.userId, row?.id ?? 0));
  });
}

export interface TestAccount {
  id: number;
  email: string;
  password: string;
  /** "session=<token>", ready for a Cookie header. */
  cookie: string;
}

export const TEST_PASSWORD = "correct horse battery staple";

/**
 * An account written straight to the database (verified unless told otherwise), with a session:
 * tests that are not about sign-up start here.
 */
export async function createAccount(
  options: { verified?: boolean; password?: string; email?: string; hashedPassword?: string | null } = {},
): Promise<TestAccount> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? TEST_PASSWORD;
  const hashedPassword =
    options.hashedPassword === undefined
      ? await hashPassword(password, LOW_SCRYPT_PARAMS)
      : options.hashedPassword;
  return withDb(async (db) => {
    const [row] = await db
      .insert(user)
      .values({ email, hashedPassword, verified: options.verified ?? true })
      .returning({ id: user.id });
    if (!row) throw new Error("user not created");
    const token = newSessionToken();
    const now = new Date();
    await db.insert(session).values({
      id: await hashSessionToken(token),
      userId: row.id,
      createdAt: now,
      lastUsedAt: now,
      expiresAt: idleExpiry(now, now),
    });
    return { id: row.id, email, password, cookie: `session=${token}` };
  });
}

/** Gives a user a subscription row (the fields that decide a plan). */
export async function subscribe(
  userId: number,
  values: { amount: number; ok?: boolean; quantity?: number; adminUserId?: number | null },
): Promise<void> {
  await withDb(async (db) => {
    await db.insert(subscription).values({
      userId,
      customer: `cus_${userId}`,
      subscription: `sub_${userId}`,
      amount: values.amount,
      ok: values.ok ?? true,
      quantity: values.quantity ?? 1,
      adminUserId: values.adminUserId ?? null,
    });
  });
}

export async function sessionRows(userId: number) {
  return withDb((db) => db.select().from(session).where(eq(session.userId, userId)));
}
