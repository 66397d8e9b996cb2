// Helpers for the app-shell journeys: demo users (scripts/seed.ts), signing in through the API.
import type { BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";

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
