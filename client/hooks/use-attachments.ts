// Attachments (SPEC §3, §7): upload with progress, delete, size backfill. Composer and assistant files share them.
import { useMutation } from "@tanstack/react-query";
import { hc } from "hono/client";
import { isErrorCode } from "../../src/domain/error-codes";
import {
  type AttachmentWire,
  isAttachmentWire,
  judgeUpload,
  SNIFF_BYTES,
  type UploadPurpose,
} from "../../src/domain/files";
import type { AppType } from "../../src/index";
import { ApiError, api, readJson } from "../lib/api";

export type Attachment = AttachmentWire;

export const attachmentKeys = {
  all: ["attachments"] as const,
  one: (id: string) => [...attachmentKeys.all, id] as const,
};

export interface UploadOptions {
  /** Makes the file one of this assistant's (the user's own; another's answers 404). */
  assistantId?: number | string;
  /** Fraction of the bytes sent, 0 to 1. */
  onProgress?(fraction: number): void;
  signal?: AbortSignal;
}

function uploadError(status: number, body: unknown): ApiError {
  const err = (body as { error?: { code?: unknown; message?: unknown; details?: unknown } } | null)?.error;
  const code = isErrorCode(err?.code) ? err.code : status >= 500 ? "internal_error" : "bad_request";
  const message = typeof err?.message === "string" ? err.message : `Upload failed (${status})`;
  return new ApiError(status, code, message, err?.details);
}

/**
 * The refusal the server would answer for this file (too big, not a type it keeps, not what its name says;
 * for an assistant, not a document), found in the browser by the same rule before anything is sent; null
 * when the file may go.
 */
export async function refusalOf(file: File, purpose: UploadPurpose = "message"): Promise<ApiError | null> {
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  const judged = judgeUpload(file, head, purpose);
  if (judged.ok) return null;
  const { status, code, message, detail } = judged.refusal;
  return new ApiError(status, code, message, detail ? [{ path: "file", message: detail }] : undefined);
}

/**
 * POST /api/attachments/upload as multipart, once the file passed the server's rule here (`refusalOf`).
 * XHR rather than the typed client because only XHR reports
 * upload progress; the URL still comes from the typed client and the answer is checked before use.
 */
export async function uploadAttachment(file: File, options: UploadOptions = {}): Promise<Attachment> {
  const refused = await refusalOf(file, options.assistantId === undefined ? "message" : "assistant");
  if (refused) throw refused;
  // $url needs an absolute base (the shared client's is "/"): the route's path, typed, on this origin.
  const url = hc<AppType>(window.location.origin).api.attachments.upload.$url().pathname;
  const form = new FormData();
  form.append("file", file, file.name);
  if (options.assistantId !== undefined) form.append("assistantId", String(options.assistantId));
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.withCredentials = true;
    xhr.responseType = "text";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && isAttachmentWire(body)) {
        options.onProgress?.(1);
        resolve(body);
      } else reject(uploadError(xhr.status, body));
    };
    xhr.onerror = () => reject(new ApiError(0, "internal_error", "The upload could not reach the server."));
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    options.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

export const deleteAttachment = (id: string) => readJson(api.api.attachments.delete.$post({ json: { id } }));

/** SPEC §4/§7: a size-0 attachment is measured by the server; a failure is only logged. */
export async function backfillAttachmentSize(attachment: {
  id: string;
  location: string;
  type: string;
}): Promise<number | null> {
  try {
    return await readJson(api.api.attachments.updateSize.$post({ json: attachment }));
  } catch (error) {
    console.error("Failed to update the attachment size", error);
    return null;
  }
}

export function useUploadAttachment() {
  return useMutation({
    mutationFn: ({ file, ...options }: UploadOptions & { file: File }) => uploadAttachment(file, options),
  });
}

export function useDeleteAttachment() {
  return useMutation({ mutationFn: (id: string) => deleteAttachment(id) });
}
