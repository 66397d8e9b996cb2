// The built-in test model (markdown, reasoning, search, a real PNG, scripted failures) and the env config.
import { crc32, inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  PROVIDER_ENV_VARS,
  providerConfigFromEnv,
  streamModel,
  TEST_PROMPT_MARKERS,
} from "../../src/providers/index.ts";
import type { ProviderEvent } from "../../src/providers/types.ts";
import { ask, collect, joined, model, ofType } from "../upstreams/collect.ts";
import { startUpstreams } from "../upstreams/index.ts";

const config = providerConfigFromEnv({ TEST_MODEL_DELAY_MS: "0" });
const testText = model("test", "test");

/** Checks the PNG structure (signature, chunk CRCs) and inflates its pixels; throws on anything invalid. */
function decodePng(png: Uint8Array): { width: number; height: number; pixels: Buffer } {
  const buf = Buffer.from(png);
  expect([...buf.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let offset = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  for (;;) {
    const length = buf.readUInt32BE(offset);
    const type = buf.toString("latin1", offset + 4, offset + 8);
    const data = buf.subarray(offset + 8, offset + 8 + length);
    expect(buf.readUInt32BE(offset + 8 + length), `${type} CRC`).toBe(
      crc32(buf.subarray(offset + 4, offset + 8 + length)),
    );
    if (type === "IHDR") {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
    }
    if (type === "IDAT") idat.push(data);
    offset += 12 + length;
    if (type === "IEND") break;
  }
  return { width, height, pixels: inflateSync(Buffer.concat(idat)) };
}

describe("test model", () => {
  it("streams markdown with a heading, a list, a table, code and math derived from the prompt", async () => {
    const events = await collect(streamModel(ask(testText, "Explain binary search trees please"), config));
    const text = joined(events, "text");
    expect(text).toMatch(/^## About Explain binary search trees please/);
    expect(text).toContain("- **Longest word:** `Explain`");
    expect(text).toContain("| # | Word | Length |\n|---:|---|---:|\n| 1 | Explain | 7 |");
    expect(text).toContain("```ts\nfunction reply(input: string): string {");
    expect(text).toContain("with $n = 5$ words, $n^2 = 25$.");
    expect(text).toContain("$$\n\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2} = 15\n$$");
    expect(ofType(events, "text").length).toBeGreaterThan(20);
    expect(events.at(-1)).toMatchObject({ type: "usage" });
    const again = await collect(streamModel(ask(testText, "Explain binary search trees please"), config));
    expect(joined(again, "text")).toBe(text);
  });

  it("mentions the attachments it was given", async () => {
    const file = { name: "report.pdf", type: "application/pdf", data: new Uint8Array(1234) };
    const events = await collect(
      streamModel(
        ask(testText, "Summarise", {
          messages: [{ role: "user", content: "Summarise", attachments: [file] }],
        }),
        config,
      ),
    );
    expect(joined(events, "text")).toContain("report.pdf (application/pdf, 1234 bytes)");
  });

  it("reasons first for reasoning models, and searches first for web models", async () => {
    const reasoning = await collect(
      streamModel(ask(model("test", "t", { type: "reasoning" }), "Why?"), config),
    );
    expect(reasoning[0]?.type).toBe("reasoning");
    expect(joined(reasoning, "reasoning")).toContain('about "Why?"');
    const web = await collect(streamModel(ask(model("test", "t", { category: "web" }), "News"), config));
    expect(web.slice(0, 2)).toEqual([
      { type: "search", status: "in_progress" },
      {
        type: "search",
        status: "completed",
        sources: expect.arrayContaining([
          expect.objectContaining({ url: expect.stringMatching(/^https:\/\/example\.com\//) }),
        ]),
      },
    ]);
  });

  it("draws a valid PNG for image models", async () => {
    const events = await collect(streamModel(ask(model("test", "t", { type: "image" }), "A sunset"), config));
    const [image] = ofType(events, "image");
    expect(image?.mimeType).toBe("image/png");
    const { width, height, pixels } = decodePng(image?.data ?? new Uint8Array());
    expect([width, height]).toEqual([128, 128]);
    expect(pixels.length).toBe(128 * (1 + 128 * 4));
  });

  it("[[error]] fails mid-stream; [[error:CODE]] picks the code", async () => {
    const failed = await collect(streamModel(ask(testText, "Hello [[error]]"), config));
    expect(ofType(failed, "text").length).toBeGreaterThan(0);
    expect(failed.at(-1)).toEqual({ type: "error", code: "provider_unavailable", provider: "test" });
    const limited = await collect(streamModel(ask(testText, "[[error:fair_usage_limit]]"), config));
    expect(limited.at(-1)).toEqual({
      type: "error",
      code: "fair_usage_limit",
      provider: "test",
      retryAfter: 30,
    });
    const image = await collect(streamModel(ask(model("test", "t", { type: "image" }), "[[error]]"), config));
    expect(image).toEqual([{ type: "error", code: "image_error", provider: "test" }]);
    expect(TEST_PROMPT_MARKERS.map((m) => m.marker)).toContain("[[error]]");
  });

  it("stops quietly when aborted", async () => {
    const controller = new AbortController();
    const events: ProviderEvent[] = [];
    for await (const event of streamModel(
      ask(testText, "Wait [[hang]]", { signal: controller.signal }),
      config,
    )) {
      events.push(event);
      controller.abort();
    }
    expect(events).toHaveLength(1);
    expect(events[0]?.type).toBe("text");
  });
});

describe("provider config from env", () => {
  it("defaults to the public endpoints and reads keys, URLs and numbers from the env", () => {
    const defaults = providerConfigFromEnv({});
    expect(defaults.endpoints.openai).toEqual({ baseUrl: "https://api.openai.com/v1" });
    expect(defaults.endpoints.anthropic.baseUrl).toBe("https://api.anthropic.com");
    expect(defaults.endpoints.groq.baseUrl).toBe("https://api.groq.com/openai/v1");
    const custom = providerConfigFromEnv({
      OPENAI_API_KEY: "sk-1",
      OPENAI_BASE_URL: "http://localhost:9/v1/",
      IMAGE_TIMEOUT_MS: "5000",
      TEST_MODEL_DELAY_MS: "nope",
    });
    expect(custom.endpoints.openai).toEqual({ baseUrl: "http://localhost:9/v1", apiKey: "sk-1" });
    expect(custom.imageTimeoutMs).toBe(5000);
    expect(custom.testDelayMs).toBe(defaults.testDelayMs);
  });

  it("documents every variable the fake upstreams set", async () => {
    const up = await startUpstreams();
    try {
      const documented = new Set(PROVIDER_ENV_VARS.map((v) => v.name));
      expect(Object.keys(up.env).filter((name) => !documented.has(name))).toEqual([]);
      expect(PROVIDER_ENV_VARS.every((v) => v.description.length > 10)).toBe(true);
    } finally {
      await up.close();
    }
  });
});
