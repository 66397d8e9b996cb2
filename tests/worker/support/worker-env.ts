// Calls the Worker's own fetch handler with a changed environment (a mail API, a database that is down…),
// for behaviour that only another configuration shows. Everything else is the real app.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { Env } from "../../../src/env";
import app from "../../../src/index";
import { ORIGIN } from "./accounts";

export async function callWith(
  overrides: Partial<Env>,
  path: string,
  init: { method?: string; body?: unknown; cookie?: string; ip?: string } = {},
): Promise<Response> {
  const headers = new Headers();
  if (init.body !== undefined) {
    headers.set("Content-Type", "application/json");
    headers.set("Origin", ORIGIN);
  }
  if (init.cookie) headers.set("Cookie", init.cookie);
  if (init.ip) headers.set("CF-Connecting-IP", init.ip);
  const ctx = createExecutionContext();
  const res = await app.fetch(
    new Request(`${ORIGIN}${path}`, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    }),
    { ...(env as unknown as Env), ...overrides },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}
