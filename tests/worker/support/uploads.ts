// Uploading files as the composer does (multipart, same origin, session cookie), and small real files.
import { exports } from "cloudflare:workers";
import { expect } from "vitest";
import { encodePng } from "../../../src/providers/png";
import { ORIGIN } from "./api";

export interface UploadedFile {
  id: string;
  name: string;
  type: string;
  size: number;
  fileHash: string | null;
  url: string;
  messageId: number | null;
  assistantId: number | null;
}

export function uploadRaw(
  cookie: string | undefined,
  file: { name: string; bytes: Uint8Array; type?: string },
  extra: Record<string, string> = {},
): Promise<Response> {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(file.bytes)], file.name, { type: file.type ?? "" }));
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  const headers = new Headers({ Origin: ORIGIN });
  if (cookie) headers.set("Cookie", cookie);
  return exports.default.fetch(
    new Request(`${ORIGIN}/api/attachments/upload`, { method: "POST", headers, body: form }),
  );
}

export async function upload(
  cookie: string,
  file: { name: string; bytes: Uint8Array; type?: string },
  extra: Record<string, string> = {},
): Promise<UploadedFile> {
  const res = await uploadRaw(cookie, file, extra);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as UploadedFile;
}

/** A real little PNG (solid colour). */
export async function pngBytes(size = 8, rgb: [number, number, number] = [200, 30, 30]): Promise<Uint8Array> {
  const pixels = new Uint8Array(size * size * 4);
  for (let i = 0; i < size * size; i++) pixels.set([...rgb, 255], i * 4);
  return encodePng(size, size, pixels);
}

export const text = (s: string) => new TextEncoder().encode(s);
