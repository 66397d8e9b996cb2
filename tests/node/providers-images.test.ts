// The image HTTP adapters (Stability, Black Forest Labs, Fireworks' FLUX, Recraft, Midjourney relay) against the
// local servers.
import { describe, expect, it } from "vitest";
import { MODELS } from "../../src/domain/models/catalogue.ts";
import { providerConfigFromEnv, streamModel } from "../../src/providers/index.ts";
import type { ProviderConfig, ProviderEvent, ProviderRequest } from "../../src/providers/types.ts";
import { ask, collect, model, ofType } from "../upstreams/collect.ts";
import { fakePng } from "../upstreams/fake-content.ts";
import type { Upstreams } from "../upstreams/index.ts";
import { withUpstreams } from "./support/provider-upstreams.ts";

let up: Upstreams;
let config: ProviderConfig;

withUpstreams((started, configured) => {
  up = started;
  config = { ...configured, imagePollIntervalMs: 10, imageTimeoutMs: 3000 };
});

const imageModel = (
  provider: ProviderRequest["model"]["provider"],
  name: string,
  inputs: ProviderRequest["model"]["inputs"] = ["text"],
) => model(provider, name, { type: "image", inputs });
const withImage = (m: ProviderRequest["model"], content = "") =>
  ask(m, content, {
    messages: [
      { role: "user", content, attachments: [{ name: "in.png", type: "image/png", data: fakePng("input") }] },
    ],
  });
const requestsTo = (path: string) => up.events.requests.filter((r) => r.path.startsWith(path));
const PNG = [0x89, 0x50, 0x4e, 0x47];
const magic = (events: ProviderEvent[]) => [...(ofType(events, "image")[0]?.data.subarray(0, 4) ?? [])];

describe("Stability AI", () => {
  it("generates with the sd3 endpoint, sending the model and prompt as a multipart form", async () => {
    const events = await collect(
      streamModel(ask(imageModel("stabilityai", "sd3.5-large-turbo"), "A lighthouse"), config),
    );
    expect(events).toEqual([{ type: "image", data: expect.any(Uint8Array), mimeType: "image/png" }]);
    expect(magic(events)).toEqual(PNG);
    const [request] = requestsTo("/v2beta/stable-image/generate/sd3");
    expect(request?.body).toMatchObject({
      prompt: "A lighthouse",
      model: "sd3.5-large-turbo",
      output_format: "png",
    });
  });

  it("upscales and removes backgrounds from the attached image, which they require", async () => {
    const upscale = await collect(
      streamModel(withImage(imageModel("stabilityai", "upscale-fast", ["image"])), config),
    );
    expect(magic(upscale)).toEqual(PNG);
    expect(requestsTo("/v2beta/stable-image/upscale/fast")[0]?.body).toMatchObject({
      image: { name: "in.png", type: "image/png" },
    });
    const removal = await collect(
      streamModel(withImage(imageModel("stabilityai", "remove-background", ["image"])), config),
    );
    expect(magic(removal)).toEqual(PNG);
    const missing = await collect(
      streamModel(ask(imageModel("stabilityai", "upscale-fast", ["image"]), "no image"), config),
    );
    expect(missing).toEqual([expect.objectContaining({ type: "error", code: "unable_to_process" })]);
  });

  it("aborting while the image is being made closes the upstream request quietly", async () => {
    up.script("stabilityai", "slow");
    const controller = new AbortController();
    const request = { ...ask(imageModel("stabilityai", "sd3.5-large"), "Slow"), signal: controller.signal };
    const done = collect(streamModel(request, config));
    await up.waitForRequest("stabilityai");
    controller.abort();
    expect(await done).toEqual([]);
    expect((await up.waitForAbort("stabilityai")).path).toBe("/v2beta/stable-image/generate/sd3");
  });

  it.each([
    ["rate_limit", { code: "fair_usage_limit", retryAfter: 7 }],
    ["server_error", { code: "image_error", provider: "stabilityai" }],
    ["malformed", { code: "unable_to_process" }],
    ["disconnect", { code: "image_error", provider: "stabilityai" }],
  ] as const)("%s → %o", async (behaviour, expected) => {
    up.script("stabilityai", behaviour);
    const events = await collect(
      streamModel(ask(imageModel("stabilityai", "stable-image-core"), "x"), config),
    );
    expect(events).toEqual([expect.objectContaining({ type: "error", ...expected })]);
  });
});

describe("Black Forest Labs", () => {
  const flux = imageModel("black-forest-labs", "flux-pro-1.1");

  it("submits the job, polls its polling_url until Ready and downloads the image", async () => {
    const events = await collect(streamModel(ask(flux, "A misty forest"), config));
    expect(magic(events)).toEqual(PNG);
    expect(requestsTo("/v1/flux-pro-1.1")[0]?.body).toMatchObject({ prompt: "A misty forest" });
    expect(requestsTo("/v1/get_result").length).toBeGreaterThanOrEqual(2);
  });

  it("a job that never finishes ends as image_timeout", async () => {
    up.script("black-forest-labs", "slow");
    const events = await collect(streamModel(ask(flux, "Never"), { ...config, imageTimeoutMs: 150 }));
    expect(events).toEqual([
      expect.objectContaining({ type: "error", code: "image_timeout", provider: "black-forest-labs" }),
    ]);
  });

  it("a job that finishes late still arrives", async () => {
    up.script("black-forest-labs", "slow_first_token", { delayMs: 100 });
    expect(magic(await collect(streamModel(ask(flux, "Late"), config)))).toEqual(PNG);
  });

  it.each([
    ["rate_limit", { code: "fair_usage_limit" }],
    ["server_error", { code: "image_error" }],
    ["malformed", { code: "unable_to_process" }],
    ["disconnect", { code: "image_error" }],
  ] as const)("%s → %o", async (behaviour, expected) => {
    up.script("black-forest-labs", behaviour);
    const events = await collect(streamModel(ask(flux, "x"), config));
    expect(events).toEqual([
      expect.objectContaining({ type: "error", provider: "black-forest-labs", ...expected }),
    ]);
  });
});

describe("Recraft", () => {
  it("generates an image from the prompt", async () => {
    const events = await collect(
      streamModel(ask(imageModel("recraftai", "recraftv3"), "A fox logo"), config),
    );
    expect(magic(events)).toEqual(PNG);
    expect(requestsTo("/v1/images/generations")[0]?.body).toMatchObject({
      prompt: "A fox logo",
      model: "recraftv3",
    });
  });

  it("vectorizes the attached image into an SVG", async () => {
    const events = await collect(
      streamModel(withImage(imageModel("recraftai", "vectorize", ["image"])), config),
    );
    const [svg] = ofType(events, "image");
    expect(svg?.mimeType).toBe("image/svg+xml");
    expect(new TextDecoder().decode(svg?.data)).toMatch(/^<svg /);
  });

  it("500 → image_error naming Recraft", async () => {
    up.script("recraftai", "server_error");
    const events = await collect(streamModel(ask(imageModel("recraftai", "recraftv3"), "x"), config));
    expect(events).toEqual([expect.objectContaining({ code: "image_error", provider: "recraftai" })]);
  });
});

describe("Midjourney relay", () => {
  const mj = imageModel("midjourney", "v7");

  it("imagines a grid and offers the U1–U4 upscales, which can then be requested", async () => {
    const events = await collect(streamModel(ask(mj, "A castle at dawn"), config));
    const [grid] = ofType(events, "image");
    expect(grid?.mimeType).toBe("image/png");
    // The relay's reroll button (🔄, no label) is not offered: regenerate is the chat's reroll.
    expect(grid?.choices?.map((c) => c.label)).toEqual(["U1", "U2", "U3", "U4", "V1", "V2", "V3", "V4"]);
    expect(requestsTo("/mj/submit/imagine")[0]?.body).toEqual({ prompt: "A castle at dawn --v 7" });

    const choice = grid?.choices?.[1];
    if (!choice) throw new Error("no U2 choice");
    const upscale = await collect(
      streamModel(ask(mj, "A castle at dawn", { options: { midjourneyAction: choice } }), config),
    );
    const [single] = ofType(upscale, "image");
    expect(single?.choices).toBeUndefined();
    expect(magic(upscale)).toEqual(PNG);
    expect(requestsTo("/mj/submit/action")[0]?.body).toEqual({
      taskId: choice.taskId,
      customId: choice.customId,
    });
  });

  it("offers V1–V4, and a variation answers a new grid with buttons of its own task", async () => {
    const [grid] = ofType(await collect(streamModel(ask(mj, "A castle at dawn"), config)), "image");
    const v2 = grid?.choices?.find((c) => c.label === "V2");
    if (!v2) throw new Error("no V2 choice");
    expect(v2.customId).toMatch(/^MJ::JOB::variation::2::/);

    const varied = await collect(
      streamModel(ask(mj, "Vary V2", { options: { midjourneyAction: v2 } }), config),
    );
    expect(requestsTo("/mj/submit/action")[0]?.body).toEqual({ taskId: v2.taskId, customId: v2.customId });
    const [variations] = ofType(varied, "image");
    // The stand-in's variation grid is 48 px wide (its grid 64, its upscale 32): another picture.
    expect(variations?.data.subarray(16, 20)).toEqual(new Uint8Array([0, 0, 0, 48]));
    expect(variations?.choices?.map((c) => c.label)).toEqual([
      "U1",
      "U2",
      "U3",
      "U4",
      "V1",
      "V2",
      "V3",
      "V4",
    ]);
    const taskIds = new Set(variations?.choices?.map((c) => c.taskId));
    expect(taskIds.size).toBe(1);
    expect(taskIds.has(v2.taskId)).toBe(false);

    // The new grid's own buttons work in turn: its U1 is one picture again, with nothing to press.
    const u1 = variations?.choices?.[0];
    if (!u1) throw new Error("no U1 on the variations");
    const upscaled = await collect(
      streamModel(ask(mj, "Upscale U1", { options: { midjourneyAction: u1 } }), config),
    );
    expect(ofType(upscaled, "image")[0]?.choices).toBeUndefined();
  });

  it("an imagine answered with code 21 (its prompt's task still runs) polls that task, with no prompt box", async () => {
    up.script("midjourney", "slow_first_token", { delayMs: 300 });
    // The stand-in answers a prompt containing "dedupe" imagined again while its task runs as that task.
    const twice = await Promise.all(
      [1, 2].map(() => collect(streamModel(ask(mj, "Asked twice dedupe"), config))),
    );
    const grids = twice.map((events) => ofType(events, "image")[0]);
    expect(requestsTo("/mj/submit/imagine")).toHaveLength(2);
    const taskIds = grids.map((g) => g?.choices?.[0]?.taskId);
    expect(taskIds[0]).toEqual(expect.any(String));
    expect(taskIds[1]).toBe(taskIds[0]);
    const polled = new Set(requestsTo("/mj/task/").map((r) => r.path));
    expect([...polled]).toEqual([`/mj/task/${taskIds[0]}/fetch`]);
    expect(requestsTo("/mj/submit/modal")).toEqual([]);
  });

  it("a refused prompt → unable_to_process; a stuck task → image_timeout", async () => {
    const banned = await collect(streamModel(ask(mj, "something banned"), config));
    expect(banned).toEqual([expect.objectContaining({ code: "unable_to_process" })]);
    up.script("midjourney", "slow");
    const stuck = await collect(streamModel(ask(mj, "stuck"), { ...config, imageTimeoutMs: 150 }));
    expect(stuck).toEqual([expect.objectContaining({ code: "image_timeout", provider: "midjourney" })]);
  });

  it("without a relay URL configured → provider_unavailable", async () => {
    const { MIDJOURNEY_BASE_URL: _, ...env } = up.env;
    const events = await collect(streamModel(ask(mj, "x"), providerConfigFromEnv(env)));
    expect(events).toEqual([
      expect.objectContaining({ code: "provider_unavailable", provider: "midjourney" }),
    ]);
  });
});

describe("Fireworks FLUX workflow (FLUX.1 [schnell])", () => {
  const schnell = imageModel("fireworks", "accounts/fireworks/models/flux-1-schnell-fp8");
  const workflow = "/inference/v1/workflows/accounts/fireworks/models/flux-1-schnell-fp8/text_to_image";

  it("posts the prompt to the model's text_to_image workflow and reads the PNG it answers", async () => {
    const events = await collect(streamModel(ask(schnell, "A red fox in the snow"), config));
    expect(events).toEqual([{ type: "image", data: expect.any(Uint8Array), mimeType: "image/png" }]);
    expect(magic(events)).toEqual(PNG);
    const [request] = requestsTo(workflow);
    expect(request?.method).toBe("POST");
    expect(request?.body).toMatchObject({ prompt: "A red fox in the snow" });
    expect(request?.headers.accept).toBe("image/png");
    expect(request?.headers.authorization).toBe("Bearer fake-fireworks-key");
  });

  it("is where the catalogue's free image model, flux-schnell, goes", async () => {
    const entry = MODELS.find((m) => m.key === "flux-schnell");
    expect(entry).toMatchObject({
      provider: "fireworks",
      providerModel: "accounts/fireworks/models/flux-1-schnell-fp8",
    });
    if (!entry) return;
    expect(magic(await collect(streamModel(ask(entry, "A lighthouse"), config)))).toEqual(PNG);
    expect(requestsTo(workflow)).toHaveLength(1);
    expect(up.events.requests.filter((r) => r.provider === "black-forest-labs")).toEqual([]);
  });

  it("an image that comes late still arrives; one that never comes ends as image_timeout", async () => {
    up.script("fireworks", "slow_first_token", { delayMs: 100 });
    expect(magic(await collect(streamModel(ask(schnell, "Late"), config)))).toEqual(PNG);
    up.script("fireworks", "slow");
    const events = await collect(streamModel(ask(schnell, "Never"), { ...config, imageTimeoutMs: 150 }));
    expect(events).toEqual([
      expect.objectContaining({ type: "error", code: "image_timeout", provider: "fireworks" }),
    ]);
  });

  it("aborting while the image is being made closes the upstream request quietly", async () => {
    up.script("fireworks", "hang");
    const controller = new AbortController();
    const done = collect(streamModel({ ...ask(schnell, "Slow"), signal: controller.signal }, config));
    await up.waitForRequest("fireworks");
    controller.abort();
    expect(await done).toEqual([]);
    expect((await up.waitForAbort("fireworks")).path).toBe(workflow);
  });

  it("a prompt is required; a wrong key is the provider being unavailable", async () => {
    expect(await collect(streamModel(ask(schnell, ""), config))).toEqual([
      expect.objectContaining({ type: "error", code: "unable_to_process" }),
    ]);
    const wrongKey = {
      ...config,
      endpoints: { ...config.endpoints, fireworks: { baseUrl: up.baseUrls.fireworks, apiKey: "wrong" } },
    };
    expect(await collect(streamModel(ask(schnell, "x"), wrongKey))).toEqual([
      expect.objectContaining({ type: "error", code: "image_error", provider: "fireworks" }),
    ]);
  });

  it.each([
    ["rate_limit", { code: "fair_usage_limit", retryAfter: 7 }],
    ["server_error", { code: "image_error" }],
    ["malformed", { code: "unable_to_process" }],
    ["disconnect", { code: "image_error" }],
  ] as const)("%s → %o", async (behaviour, expected) => {
    up.script("fireworks", behaviour);
    const events = await collect(streamModel(ask(schnell, "x"), config));
    expect(events).toEqual([expect.objectContaining({ type: "error", provider: "fireworks", ...expected })]);
  });
});
