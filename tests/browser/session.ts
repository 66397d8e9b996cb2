// Helpers for the app-shell journeys: demo users (scripts/seed.ts), signing in through the API.
import pg from "pg";
import type { BrowserContext, Page } from "playwright-core";
import { expect, inject } from "vitest";

export const DEMO_PASSWORD = "switchboard-demo";
export const demoEmail = (local: string) => `${local}@demo.switchboard.test`;

/** Signs the context in as a demo user, as the login form would (same-origin POST, session cookie). */
export async function signIn(context: BrowserContext, base: string, local: string): Promise<void> {
  const res = await context.request.post(`${base}/api/login`, {
    data: { email: demoEmail(local), password: DEMO_PASSWORD },
    headers: { Origin: base },
  });
  if (!res.ok()) throw new Error(`sign-in as ${local} failed: ${res.status()} ${await res.text()}`);
}

/** Uncaught exceptions on the page; the browser's own network messages are not the app's errors. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/** The path and query the page shows. */
export const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/** Pages load their code and data lazily: give them time (vitest polls for 1 s by default). */
export const eventually = <T>(read: () => T | Promise<T>, timeout = 15_000) => expect.poll(read, { timeout });

/** One statement on the journeys' database (what a test arranges or reads behind the app's back). */
export async function sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: inject("databaseUrl") });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** The 6-digit code the app mailed to `email` (without a mail API, mail lands in the outbox table). */
export async function mailedCode(email: string): Promise<string> {
  const rows = await sql<{ text: string }>(
    `select text from hot.dev_outbox where "to" = $1 order by id desc limit 1`,
    [email],
  );
  const code = /\b(\d{6})\b/.exec(rows[0]?.text ?? "")?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/**
 * A client address of its own (a random /64 of fd00::/8): the journeys' set-up sign-ups would otherwise all
 * come from 127.0.0.1 and meet the 20-an-hour sign-up limit together. Miniflare, which serves the journeys'
 * app, fills CF-Connecting-IP from the socket only when a request has none.
 */
const setUpAddress = () => {
  const [a, b, c] = crypto.getRandomValues(new Uint16Array(3));
  return `fd00:${a?.toString(16)}:${b?.toString(16)}:${c?.toString(16)}::1`;
};

/** A new account of this journey's own (no plan), signed up and verified through the API as the forms do. */
export async function signUpFresh(
  context: Pick<BrowserContext, "request">,
  base: string,
  label = "fresh",
): Promise<string> {
  const email = `${label}-${crypto.randomUUID()}@example.test`;
  const headers = { Origin: base, "CF-Connecting-IP": setUpAddress() };
  const signUp = await context.request.post(`${base}/api/login/signup`, {
    data: { email, password: DEMO_PASSWORD },
    headers,
  });
  if (signUp.status() !== 201) throw new Error(`sign-up failed: ${signUp.status()} ${await signUp.text()}`);
  const verified = await context.request.post(`${base}/api/login/verification`, {
    data: { code: await mailedCode(email) },
    headers,
  });
  if (!verified.ok()) throw new Error(`verification failed: ${verified.status()}`);
  return email;
}

/**
 * Holds the page's requests to `path` until the returned `release` is called; `count` says how many came. For
 * what a button does while its request is out.
 */
/** Gives the account of `email` a Starter plan (`ok` false: one that has ended), as Stripe's webhook would. */
export async function givePlan(email: string, ok = true) {
  await sql(
    `insert into hot.subscription ("userId", customer, subscription, amount, ok, quantity)
     select id, 'cus_keys' || id, 'sub_keys' || id, 1000, $2, 1 from hot."user" where email = $1
     on conflict ("userId") do update set ok = excluded.ok`,
    [email, ok],
  );
}

export async function holdRequests(page: Page, path: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held = { count: 0, release };
  await page.route(`**${path}`, async (route) => {
    held.count += 1;
    await released;
    await route.continue();
  });
  return held;
}
