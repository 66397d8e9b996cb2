// Every catalogue model answers through its adapter against the fake upstreams (what FAKE_PROVIDERS=1 relies on).
import { afterAll, beforeAll, expect, it } from "vitest";
import { MODELS } from "../../src/domain/models/catalogue.ts";
import { providerConfigFromEnv, streamModel } from "../../src/providers/index.ts";
import type { ProviderConfig } from "../../src/providers/types.ts";
import { collect, joined, ofType } from "../upstreams/collect.ts";
import { fakePng } from "../upstreams/fake-content.ts";
import { startUpstreams, type Upstreams } from "../upstreams/index.ts";

let up: Upstreams;
let config: ProviderConfig;

beforeAll(async () => {
  up = await startUpstreams();
  config = { ...providerConfigFromEnv({ ...up.env, TEST_MODEL_DELAY_MS: "0" }), imagePollIntervalMs: 5 };
});
afterAll(() => up.close());

it("every catalogue model streams an answer (text or image) without an error", async () => {
  const failures: string[] = [];
  for (const entry of MODELS) {
    // Image tools (upscale, vectorize, remove background) work on an attached picture.
    const attachments = entry.inputs.includes("image")
      ? [{ name: "photo.png", type: "image/png", data: fakePng("photo") }]
      : [];
    const events = await collect(
      streamModel(
        {
          model: entry,
          messages: [{ role: "user", content: "Describe a lighthouse at night", attachments }],
          signal: new AbortController().signal,
        },
        config,
      ),
    );
    const answered =
      entry.type === "image" ? ofType(events, "image").length === 1 : joined(events, "text").length > 20;
    const error = ofType(events, "error")[0];
    if (!answered || error)
      failures.push(`${entry.key}: ${error ? `${error.code} ${error.detail ?? ""}` : "no answer"}`);
  }
  expect(failures).toEqual([]);
});
