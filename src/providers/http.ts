// fetch helpers for the image HTTP APIs: status checks, JSON and image downloads, and the job deadline.
import { sniffImageType } from "./bytes";
import { HttpStatusError, ProviderFailure } from "./errors";

export async function fetchOk(url: string, init: RequestInit, what: string): Promise<Response> {
  const res = await fetch(url, init);
  if (!res.ok) {
    const body = await res.text().catch(() => "");
    throw new HttpStatusError(res.status, res.headers, `${what}: ${body.slice(0, 300)}`);
  }
  return res;
}

/** A malformed body throws SyntaxError (unable_to_process); a cut connection throws TypeError (unavailable). */
export async function fetchJson<T>(url: string, init: RequestInit, what: string): Promise<T> {
  const res = await fetchOk(url, init, what);
  return JSON.parse(await res.text()) as T;
}

export interface DownloadedImage {
  data: Uint8Array;
  mimeType: string;
}

/** Reads an image answer; anything that is not an image is an answer we cannot use. */
export async function imageFromResponse(res: Response, what: string): Promise<DownloadedImage> {
  const data = new Uint8Array(await res.arrayBuffer());
  const mimeType = sniffImageType(data);
  if (!mimeType) throw new ProviderFailure("unable_to_process", `${what}: the answer is not an image`);
  return { data, mimeType };
}

export async function downloadImage(
  url: string,
  signal: AbortSignal,
  what: string,
): Promise<DownloadedImage> {
  // Result URLs are signed and may live on another host: never send our API key there.
  return imageFromResponse(await fetchOk(url, { signal }, what), what);
}

export interface Deadline {
  /** Aborts when the caller aborts, when the deadline passes, or on dispose(). */
  signal: AbortSignal;
  /** Rethrows `err`, as image_timeout when the deadline caused it. */
  rethrow(err: unknown): never;
  dispose(): void;
}

/** Bounds a whole image job (submit, polls, download) by `ms`; past it the job ends as image_timeout. */
export function imageDeadline(parent: AbortSignal, ms: number): Deadline {
  const controller = new AbortController();
  let expired = false;
  const onAbort = () => controller.abort(parent.reason);
  if (parent.aborted) controller.abort(parent.reason);
  else parent.addEventListener("abort", onAbort, { once: true });
  const timer = setTimeout(() => {
    expired = true;
    controller.abort(new ProviderFailure("image_timeout", `no image after ${ms} ms`));
  }, ms);
  return {
    signal: controller.signal,
    rethrow(err) {
      if (expired && !parent.aborted) throw new ProviderFailure("image_timeout", `no image after ${ms} ms`);
      throw err;
    },
    dispose() {
      clearTimeout(timer);
      parent.removeEventListener("abort", onAbort);
      controller.abort();
    },
  };
}
