// Quota category of a request, which models accept a file, and the image models that need special handling.
import { describe, expect, it } from "vitest";
import {
  acceptsFile,
  isImageOnlyInput,
  isMidjourney,
  isTextAndImageModel,
  MODELS,
  type ModelEntry,
  modelByKey,
  modelsAcceptingFile,
  type RequestShape,
  readsDocuments,
  type UsageCategory,
  usageCategoryOf,
} from "../../src/domain/models/index.ts";

function model(key: string): ModelEntry {
  const found = modelByKey(key);
  if (!found) throw new Error(`no model ${key} in the catalogue`);
  return found;
}

describe("usageCategoryOf", () => {
  const cases: [string, RequestShape, UsageCategory][] = [
    ["gpt-5", {}, "text"],
    ["claude-sonnet-5-5", {}, "text"],
    ["claude-sonnet-4-5-reasoning", {}, "reasoning"],
    ["gpt-5", { hasDocuments: true }, "long"],
    ["gpt-4.1", { longContext: true }, "long"],
    ["gpt-5-mini", {}, "reasoning"],
    ["gpt-5-mini", { hasDocuments: true }, "reasoning"],
    ["o3", { longContext: true }, "reasoning"],
    ["stable-diffusion-3.5-large-turbo", {}, "image"],
    ["flux-kontext-pro", { hasDocuments: true }, "image"],
    ["recraft-vectorize", {}, "image"],
    ["gpt-5-web", {}, "text"],
    ["sonar-reasoning-pro", {}, "text"],
    ["gemini-2.5-flash-web", { hasDocuments: true }, "long"],
    ["gpt-5-nano", {}, "text"],
    ["claude-haiku-5-5", { hasDocuments: true }, "long"],
    ["test", {}, "text"],
    ["test-reasoning", {}, "reasoning"],
    ["test-image", {}, "image"],
  ];
  it.each(cases)("counts %s with %j as %s", (key, request, expected) => {
    expect(usageCategoryOf(model(key), request)).toBe(expected);
  });

  it("counts a request without details as text for a text model", () => {
    expect(usageCategoryOf(model("mistral-large"))).toBe("text");
  });
});

describe("readsDocuments", () => {
  // Text, reasoning, web and light models are given the documents' passages; image models draw from the prompt.
  it.each([
    ["test", true],
    ["test-reasoning", true],
    ["test-web", true],
    ["test-light", true],
    ["gpt-5", true],
    ["claude-sonnet-4-5-reasoning", true],
    ["sonar-reasoning-pro", true],
    ["test-image", false],
    ["stable-diffusion-3.5-large-turbo", false],
    ["flux-kontext-pro", false],
    ["recraft-vectorize", false],
  ])("%s reads documents: %s", (key, reads) => {
    expect(readsDocuments(model(key))).toBe(reads);
  });
});

describe("acceptsFile", () => {
  const png = { type: "image/png", name: "photo.png" };
  const pdf = { type: "application/pdf", name: "report.pdf" };
  const mp3 = { type: "audio/mpeg", name: "memo.mp3" };
  const mp4 = { type: "video/mp4", name: "clip.mp4" };
  const code = { type: "", name: "main.go" };
  const zip = { type: "application/zip", name: "a.zip" };
  const cases: [string, string, { type: string; name: string }, boolean][] = [
    ["gpt-5", "a photo", png, true],
    ["gpt-5", "a PDF", pdf, true],
    ["gpt-5", "source code", code, true],
    ["gpt-5", "an MP3", mp3, false],
    ["gemini-2.5-flash", "an MP3", mp3, true],
    ["gemini-2.5-flash", "a video", mp4, true],
    ["voxtral-small", "an MP3", mp3, true],
    ["mistral-large", "a photo", png, false],
    ["llama-3.3-70b", "a PDF", pdf, true],
    ["openperplex-web", "a PDF", pdf, false],
    ["flux-kontext-pro", "a photo", png, true],
    ["flux-kontext-pro", "a PDF", pdf, false],
    ["flux-schnell", "a photo", png, false],
    ["recraft-vectorize", "a photo", png, true],
    ["stability-remove-background", "a PDF", pdf, false],
    ["test", "a video", mp4, true],
    ["gpt-5", "a ZIP archive", zip, false],
  ];
  it.each(cases)("%s accepting %s: %s", (key, _label, file, expected) => {
    expect(acceptsFile(model(key), file)).toBe(expected);
  });
});

describe("modelsAcceptingFile", () => {
  it("offers only current models that take documents for a PDF", () => {
    const keys = modelsAcceptingFile({ type: "application/pdf", name: "a.pdf" }).map((m) => m.key);
    expect(keys).toEqual(expect.arrayContaining(["gpt-5", "claude-sonnet-5-5", "gemini-2.5-pro"]));
    expect(keys).not.toContain("recraft-vectorize");
    expect(keys).not.toContain("flux-schnell");
    expect(keys).not.toContain("claude-3-7-sonnet");
    expect(keys).not.toContain("claude-sonnet-4-5");
  });

  it("offers vision models and image editors for a photo", () => {
    const keys = modelsAcceptingFile({ type: "image/jpeg", name: "a.jpg" }).map((m) => m.key);
    expect(keys).toEqual(
      expect.arrayContaining(["gpt-4o", "gpt-image-1", "recraft-vectorize", "midjourney"]),
    );
    expect(keys).not.toContain("mistral-large");
  });

  it("offers only audio-capable models for a recording", () => {
    const models = modelsAcceptingFile({ type: "audio/wav", name: "a.wav" });
    expect(models.length).toBeGreaterThan(0);
    expect(models.every((m) => m.inputs.includes("audio"))).toBe(true);
  });

  it("offers nothing for an unsupported file", () => {
    expect(modelsAcceptingFile({ type: "application/zip", name: "a.zip" })).toEqual([]);
  });
});

describe("special image models", () => {
  const cases: [string, { imageOnly: boolean; textAndImage: boolean; midjourney: boolean }][] = [
    ["recraft-vectorize", { imageOnly: true, textAndImage: false, midjourney: false }],
    ["stability-remove-background", { imageOnly: true, textAndImage: false, midjourney: false }],
    ["stability-upscaler", { imageOnly: true, textAndImage: false, midjourney: false }],
    ["flux-kontext-pro", { imageOnly: false, textAndImage: true, midjourney: false }],
    ["gpt-image-1", { imageOnly: false, textAndImage: true, midjourney: false }],
    ["stable-diffusion-3.5-large-turbo", { imageOnly: false, textAndImage: true, midjourney: false }],
    ["flux-schnell", { imageOnly: false, textAndImage: false, midjourney: false }],
    ["recraft-v3", { imageOnly: false, textAndImage: false, midjourney: false }],
    ["midjourney", { imageOnly: false, textAndImage: true, midjourney: true }],
    ["gpt-4o", { imageOnly: false, textAndImage: false, midjourney: false }],
  ];
  it.each(cases)("classifies %s", (key, expected) => {
    const m = model(key);
    expect({
      imageOnly: isImageOnlyInput(m),
      textAndImage: isTextAndImageModel(m),
      midjourney: isMidjourney(m),
    }).toEqual(expected);
  });

  it("keeps image-only tools among image models, with image as their only input", () => {
    const tools = MODELS.filter(isImageOnlyInput);
    expect(tools.length).toBeGreaterThanOrEqual(3);
    for (const tool of tools) {
      expect(tool.type).toBe("image");
      expect(tool.inputs).toEqual(["image"]);
    }
  });
});
