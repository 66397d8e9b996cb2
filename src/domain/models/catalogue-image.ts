// Image generators and image tools: OpenAI, Google, Stability AI, Black Forest Labs (FLUX, also on Fireworks),
// Recraft and Midjourney.
import { family, IMAGE_ONLY, PROMPT_AND_IMAGE, TEXT } from "./define.ts";
import type { ModelEntry } from "./types.ts";

const openai = family("openai", "OpenAI", { type: "image", inputs: PROMPT_AND_IMAGE });
const google = family("google", "Google", { type: "image", inputs: PROMPT_AND_IMAGE });
const stability = family("stabilityai", "Stability AI", { type: "image", inputs: PROMPT_AND_IMAGE });
const bfl = family("black-forest-labs", "Black Forest Labs", { type: "image", inputs: PROMPT_AND_IMAGE });
// BFL's own API does not serve FLUX.1 [schnell]: Fireworks does, as an FP8 workflow.
const fireworks = family("fireworks", "Fireworks", { type: "image", inputs: TEXT });
const recraft = family("recraftai", "Recraft", { type: "image", inputs: TEXT });
const midjourney = family("midjourney", "Midjourney", { type: "image", inputs: PROMPT_AND_IMAGE });

// biome-ignore format: one model per two lines (options, then description) keeps ~80 entries readable
export const IMAGE_MODELS: readonly ModelEntry[] = [
  // GPT Image 1 was shut down on 2026-10-23 and DALL·E 3 retired on 2026-05-12; the openai SDK (7.57.0,
  // ImageModel) names GPT Image 2.5 Sunburst or Flare instead. The keys stay (chats store them) and call it.
  openai("gpt-image-1", "GPT Image 2.5", { model: "gpt-image-2.5-sunburst", short: "GPT Image" },
    "OpenAI's image model (GPT Image 2.5 Sunburst): follows detailed prompts, renders text well and edits a picture you attach."),
  openai("gpt-image-1-mini", "GPT Image 1 mini", { short: "GPT Image mini" },
    "A cheaper GPT Image for quick drafts and simple edits of an attached picture."),
  openai("dall-e-3", "DALL·E 3", { model: "gpt-image-2.5-sunburst", inputs: TEXT, deprecated: true },
    "OpenAI's previous image generator, retired on 12 May 2026; now answered by GPT Image 2.5."),

  google("gemini-2.5-flash-image", "Gemini 2.5 Flash Image", { short: "Nano Banana" },
    "Google's image model (Nano Banana) for consistent characters and conversational edits of a photo."),
  google("imagen-4", "Imagen 4", { model: "imagen-4.0-generate-001", inputs: TEXT },
    "Google's photorealistic text-to-image model with fine detail and legible text."),

  stability("stable-diffusion-3.5-large-turbo", "Stable Diffusion 3.5 Large Turbo",
    { model: "sd3.5-large-turbo", short: "SD 3.5 Turbo" },
    "A fast distilled Stable Diffusion 3.5 that draws a prompt in a few steps; the default image model."),
  stability("stable-diffusion-3.5-large", "Stable Diffusion 3.5 Large",
    { model: "sd3.5-large", short: "SD 3.5 Large" },
    "Stability AI's most capable open model, for detailed images in many styles, from text or a picture."),
  stability("stable-image-ultra", "Stable Image Ultra", { short: "Image Ultra" },
    "Stability AI's highest-quality photorealistic generator, optionally guided by an attached image."),
  stability("stable-image-core", "Stable Image Core", { inputs: TEXT, short: "Image Core" },
    "A fast, affordable Stability AI generator for everyday illustrations."),
  stability("stability-upscaler", "Stability Upscaler",
    { model: "upscale-fast", inputs: IMAGE_ONLY, short: "Upscaler" },
    "Enlarges an attached image four times while keeping it sharp; needs no prompt."),
  stability("stability-remove-background", "Remove Background",
    { model: "remove-background", inputs: IMAGE_ONLY, short: "Remove BG" },
    "Cuts the subject out of an attached image and returns it on a transparent background."),

  fireworks("flux-schnell", "FLUX.1 [schnell]",
    { model: "accounts/fireworks/models/flux-1-schnell-fp8", short: "FLUX Schnell" },
    "A very fast open FLUX model for quick drafts; the free image model."),
  bfl("flux-dev", "FLUX.1 [dev]", { inputs: TEXT, short: "FLUX Dev" },
    "The open-weight FLUX model, with high-quality images and good prompt following."),
  bfl("flux-pro-1.1", "FLUX1.1 [pro]", { inputs: TEXT, short: "FLUX Pro" },
    "Black Forest Labs' fast professional model for sharp, varied images."),
  bfl("flux-kontext-pro", "FLUX.1 Kontext [pro]", { short: "Kontext Pro" },
    "Edits an attached image from a text instruction, keeping characters and style consistent."),
  bfl("flux-kontext-max", "FLUX.1 Kontext [max]", { short: "Kontext Max" },
    "The strongest Kontext, for precise edits and readable typography on an attached image."),
  bfl("flux-2-pro", "FLUX.2 [pro]", { short: "FLUX.2 Pro" },
    "The newest FLUX generation, combining several reference images with a prompt at high resolution."),

  recraft("recraft-v3", "Recraft V3", { model: "recraftv3" },
    "Recraft's design model for illustrations, logos and posters with accurate text."),
  recraft("recraft-vectorize", "Recraft Vectorize",
    { model: "vectorize", inputs: IMAGE_ONLY, short: "Vectorize" },
    "Turns an attached raster image into a clean, scalable SVG; needs no prompt."),

  midjourney("midjourney", "Midjourney v7", { model: "v7", short: "Midjourney" },
    "Midjourney's artistic generator, returning a grid of four striking variations; slower than others."),
];
