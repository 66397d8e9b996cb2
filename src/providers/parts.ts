// Splits a message and its attachments into the parts a model can take: text, images, PDFs, or a note.
import { isTextLike } from "./bytes";
import type { ProviderMessage, ProviderRequest } from "./types";

export type MessagePart =
  | { kind: "text"; text: string }
  | { kind: "image"; mimeType: string; data: Uint8Array }
  | { kind: "pdf"; name: string; data: Uint8Array }
  | { kind: "audio"; mimeType: string; data: Uint8Array }
  | { kind: "video"; mimeType: string; data: Uint8Array };

/** What a wire protocol carries besides text and images. */
export interface ProtocolFiles {
  /** PDFs as file parts. */
  pdf: boolean;
  /** Audio MIME types it takes inline (e.g. OpenAI's input_audio takes wav and mp3 only). */
  audio?: readonly string[];
  /** Video MIME types it takes inline. */
  video?: readonly string[];
}

const VISION_TYPES = new Set(["image/png", "image/jpeg", "image/jpg", "image/gif", "image/webp"]);

/**
 * Images go as images when the model reads images; PDFs as files when the model reads documents and the
 * wire protocol carries them; text files inline. Anything else becomes a short note, so the model can say
 * it did not see the file instead of pretending it did.
 */
export function messageParts(
  message: ProviderMessage,
  model: ProviderRequest["model"],
  protocol: ProtocolFiles,
): MessagePart[] {
  const parts: MessagePart[] = [];
  if (message.content) parts.push({ kind: "text", text: message.content });
  for (const file of message.attachments ?? []) {
    const type = file.type.toLowerCase();
    if (VISION_TYPES.has(type) && model.inputs.includes("image")) {
      parts.push({ kind: "image", mimeType: type === "image/jpg" ? "image/jpeg" : type, data: file.data });
    } else if (
      type.startsWith("audio/") &&
      protocol.audio?.includes(type) &&
      model.inputs.includes("audio")
    ) {
      parts.push({ kind: "audio", mimeType: type, data: file.data });
    } else if (
      type.startsWith("video/") &&
      protocol.video?.includes(type) &&
      model.inputs.includes("video")
    ) {
      parts.push({ kind: "video", mimeType: type, data: file.data });
    } else if (type === "application/pdf" && protocol.pdf && model.inputs.includes("document")) {
      parts.push({ kind: "pdf", name: file.name, data: file.data });
    } else if (isTextLike(type, file.name)) {
      const text = new TextDecoder().decode(file.data);
      parts.push({ kind: "text", text: `File "${file.name}":\n\n${text}` });
    } else {
      parts.push({
        kind: "text",
        text: `[The file "${file.name}" (${file.type}) is attached but this model cannot read this kind of file.]`,
      });
    }
  }
  return parts;
}

/** The prompt an image model draws: the last user message's text. */
export function lastUserPrompt(req: ProviderRequest): { prompt: string; message?: ProviderMessage } {
  const message = req.messages.findLast((m) => m.role === "user");
  return message ? { prompt: message.content.trim(), message } : { prompt: "" };
}

/** The first image attached to the last user message (input of upscale, remove background, edits…). */
export function lastUserImage(
  req: ProviderRequest,
): { name: string; type: string; data: Uint8Array } | undefined {
  const { message } = lastUserPrompt(req);
  return message?.attachments?.find((a) => a.type.toLowerCase().startsWith("image/"));
}
