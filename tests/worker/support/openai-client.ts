// The public API as its clients call it: a key made in the app, the official `openai` SDK pointed at the
// Worker, and plain fetch for what the SDK's types would not let a client send.
import { exports } from "cloudflare:workers";
import OpenAI from "openai";
import { expect } from "vitest";
import { api, json } from "./api";

export const V1_BASE_URL = "http://localhost/api/v1";

/** A new key of the account behind `cookie`, made in the app as a user makes one. */
export async function createApiKey(cookie: string, name = "laptop"): Promise<{ id: number; key: string }> {
  const res = await api("/api/keys/create", { cookie, body: { name } });
  expect(res.status, await res.clone().text()).toBe(201);
  return json<{ id: number; key: string }>(res);
}

/** The official SDK, talking to the Worker in this test's runtime; no retries, so a refusal is seen as is. */
export const openAISdk = (key: string) =>
  new OpenAI({
    apiKey: key,
    baseURL: V1_BASE_URL,
    maxRetries: 0,
    fetch: (input, init) => exports.default.fetch(new Request(input, init)),
  });

/** The SDK's error for a failing call (it throws one APIError subclass per status). */
export async function sdkRefusal(call: Promise<unknown>): Promise<InstanceType<typeof OpenAI.APIError>> {
  try {
    await call;
  } catch (err) {
    if (err instanceof OpenAI.APIError) return err;
    throw err;
  }
  throw new Error("the call was not refused");
}

/** A raw POST to /api/v1 with a Bearer key and a JSON body. */
export const postV1 = (path: string, key: string, body: unknown) =>
  exports.default.fetch(
    new Request(`${V1_BASE_URL}${path}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    }),
  );
