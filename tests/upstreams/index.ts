// Local servers speaking each provider's real wire protocol, scriptable per test; used by tests and FAKE_PROVIDERS=1.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { handleAnthropic } from "./anthropic.ts";
import { handleBfl } from "./bfl.ts";
import {
  type Behaviour,
  type BehaviourOptions,
  type Ctx,
  type SeenRequest,
  sendJson,
  type UpstreamProvider,
} from "./common.ts";
import { fireworksTextToImage, isFireworksWorkflow } from "./fireworks-images.ts";
import { handleGeminiNative } from "./gemini.ts";
import { handleMidjourney } from "./midjourney.ts";
import { handleOpenAICompatible } from "./openai.ts";
import { handleRecraft } from "./recraft.ts";
import { handleStability } from "./stability.ts";

export type { Behaviour, BehaviourOptions, SeenRequest, UpstreamProvider } from "./common.ts";

type Handler = (ctx: Ctx, key: string) => Promise<void>;

/** Google serves the OpenAI-compatible endpoint under /v1beta/openai and its native API beside it. */
const handleGoogle: Handler = (ctx, key) =>
  ctx.path.startsWith("/v1beta/openai/") ? handleOpenAICompatible(ctx, key) : handleGeminiNative(ctx, key);

/** Fireworks serves FLUX workflows beside its OpenAI-compatible API (paths here include the base path). */
const handleFireworks: Handler = async (ctx, key) => {
  if (!isFireworksWorkflow(ctx.path)) return handleOpenAICompatible(ctx, key);
  if (ctx.req.headers.authorization !== `Bearer ${key}`) {
    sendJson(ctx, 401, { error: { object: "error", type: "unauthorized", message: "Unauthorized" } });
    return;
  }
  return fireworksTextToImage(ctx);
};

/** Env prefix (as read by src/providers/config.ts), the path the real API's base URL has, and the fake. */
const LAYOUT: Record<UpstreamProvider, { prefix: string; basePath: string; handler: Handler }> = {
  openai: { prefix: "OPENAI", basePath: "/v1", handler: handleOpenAICompatible },
  mistral: { prefix: "MISTRAL", basePath: "/v1", handler: handleOpenAICompatible },
  groq: { prefix: "GROQ", basePath: "/openai/v1", handler: handleOpenAICompatible },
  fireworks: { prefix: "FIREWORKS", basePath: "/inference/v1", handler: handleFireworks },
  xai: { prefix: "XAI", basePath: "/v1", handler: handleOpenAICompatible },
  perplexity: { prefix: "PERPLEXITY", basePath: "", handler: handleOpenAICompatible },
  google: { prefix: "GOOGLE", basePath: "/v1beta/openai", handler: handleGoogle },
  openperplex: { prefix: "OPENPERPLEX", basePath: "/v1", handler: handleOpenAICompatible },
  anthropic: { prefix: "ANTHROPIC", basePath: "", handler: handleAnthropic },
  stabilityai: { prefix: "STABILITY", basePath: "", handler: handleStability },
  "black-forest-labs": { prefix: "BFL", basePath: "", handler: handleBfl },
  recraftai: { prefix: "RECRAFT", basePath: "/v1", handler: handleRecraft },
  midjourney: { prefix: "MIDJOURNEY", basePath: "", handler: handleMidjourney },
};

export const UPSTREAM_PROVIDERS = Object.keys(LAYOUT) as UpstreamProvider[];

export interface UpstreamsOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
}

export interface Upstreams {
  /** Base URL per provider, shaped like the real API's (e.g. …/groq/openai/v1). */
  baseUrls: Record<UpstreamProvider, string>;
  /** <PREFIX>_BASE_URL and <PREFIX>_API_KEY for every provider, plus a short image poll interval. */
  env: Record<string, string>;
  /**
   * What `provider` does with the following requests, until scripted again or reset(). With `bodyContains`,
   * only requests whose body contains it (a test's unique tag) are affected: tests running side by side
   * cannot disturb each other.
   */
  script(
    provider: UpstreamProvider,
    behaviour: Behaviour,
    options?: BehaviourOptions,
    bodyContains?: string,
  ): void;
  /** Every provider back to normal, and the records cleared. */
  reset(): void;
  events: { requests: SeenRequest[]; aborts: SeenRequest[] };
  /** Resolves with the (first) request of `provider` whose client went away before the end. */
  waitForAbort(provider?: UpstreamProvider, timeoutMs?: number): Promise<SeenRequest>;
  /** Resolves with the first request `provider` received (since the last reset). */
  waitForRequest(provider?: UpstreamProvider, timeoutMs?: number): Promise<SeenRequest>;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function recordedForm(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of form.entries()) {
    out[name] = typeof value === "string" ? value : { name: value.name, type: value.type, size: value.size };
  }
  return out;
}

function waitFor(
  seenSoFar: SeenRequest[],
  waiters: Set<(seen: SeenRequest) => void>,
  what: string,
  provider: UpstreamProvider | undefined,
  timeoutMs: number,
): Promise<SeenRequest> {
  const matches = (seen: SeenRequest) => !provider || seen.provider === provider;
  const already = seenSoFar.find(matches);
  if (already) return Promise.resolve(already);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      waiters.delete(waiter);
      reject(new Error(`no ${what} ${provider ?? ""} request within ${timeoutMs} ms`));
    }, timeoutMs);
    const waiter = (seen: SeenRequest) => {
      if (!matches(seen)) return;
      clearTimeout(timer);
      waiters.delete(waiter);
      resolve(seen);
    };
    waiters.add(waiter);
  });
}

/**
 * Starts one local HTTP server that plays every provider (each under /<provider>/…, with its real API's
 * paths, auth headers, error bodies and streaming format). Merge `env` into the Worker env and every model
 * answers offline; `script()` makes a provider fail or stall, `events` shows what it saw.
 */
export async function startUpstreams(opts: UpstreamsOptions = {}): Promise<Upstreams> {
  type Scripted = { behaviour: Behaviour; options: BehaviourOptions };
  const behaviours = new Map<UpstreamProvider, Scripted>();
  /** Per provider: body substring → behaviour, checked before the provider-wide one. */
  const tagged = new Map<UpstreamProvider, Map<string, Scripted>>();
  const files = new Map<string, { type: string; data: Uint8Array }>();
  const events: Upstreams["events"] = { requests: [], aborts: [] };
  const abortWaiters = new Set<(seen: SeenRequest) => void>();
  const requestWaiters = new Set<(seen: SeenRequest) => void>();
  let nextId = 1;
  let origin = "";

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", origin);
    const [, first = "", ...rest] = url.pathname.split("/");
    const provider = first as UpstreamProvider;
    const layout = LAYOUT[provider];
    if (!layout) {
      res.writeHead(404, { "content-type": "text/plain" }).end(`no fake provider at ${url.pathname}`);
      return;
    }
    const path = `/${rest.join("/")}`;
    // Signed download URLs handed out by the fakes: no key, like the real CDNs.
    if (req.method === "GET" && rest[0] === "files") {
      const file = files.get(rest.slice(1).join("/"));
      if (!file) res.writeHead(404).end();
      else
        res
          .writeHead(200, { "content-type": file.type, "content-length": String(file.data.length) })
          .end(file.data);
      return;
    }

    const raw = await readBody(req);
    const type = String(req.headers["content-type"] ?? "");
    let json: Record<string, unknown> | undefined;
    let form: FormData | undefined;
    try {
      if (type.includes("application/json") && raw.length) json = JSON.parse(raw.toString("utf8"));
      if (type.includes("multipart/form-data"))
        form = await new Response(new Uint8Array(raw), { headers: { "content-type": type } }).formData();
    } catch {
      res
        .writeHead(400, { "content-type": "application/json" })
        .end(JSON.stringify({ error: { message: "unparsable body" } }));
      return;
    }
    const text = raw.toString("utf8");
    const byTag = [...(tagged.get(provider) ?? [])].find(([tag]) => text.includes(tag))?.[1];
    const { behaviour, options } = byTag ??
      behaviours.get(provider) ?? { behaviour: "normal" as const, options: {} };
    const seen: SeenRequest = {
      id: nextId++,
      provider,
      method: req.method ?? "GET",
      path: `${path}${url.search}`,
      headers: req.headers,
      ...(json ? { body: json } : form ? { body: recordedForm(form) } : {}),
      ...(typeof json?.model === "string" ? { model: json.model } : {}),
      behaviour,
      aborted: false,
      completed: false,
    };
    events.requests.push(seen);
    for (const waiter of requestWaiters) waiter(seen);

    let closed = false;
    let cutByUs = false;
    res.on("close", () => {
      closed = true;
      if (!res.writableEnded && !cutByUs) {
        seen.aborted = true;
        events.aborts.push(seen);
        for (const waiter of abortWaiters) waiter(seen);
      }
    });
    const ctx: Ctx = {
      req,
      res,
      provider,
      path,
      url,
      origin,
      raw,
      json,
      form,
      behaviour,
      options,
      seen,
      files,
      closed: () => closed || res.destroyed,
      disconnect: () => {
        cutByUs = true;
        req.socket.destroy();
      },
    };
    await layout.handler(ctx, `fake-${provider}-key`);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" }).end(String(err));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  origin = `http://${address.address}:${address.port}`;

  const baseUrls = {} as Record<UpstreamProvider, string>;
  const env: Record<string, string> = { IMAGE_POLL_INTERVAL_MS: "50" };
  for (const provider of UPSTREAM_PROVIDERS) {
    const { prefix, basePath } = LAYOUT[provider];
    baseUrls[provider] = `${origin}/${provider}${basePath}`;
    env[`${prefix}_BASE_URL`] = baseUrls[provider];
    env[`${prefix}_API_KEY`] = `fake-${provider}-key`;
  }

  return {
    baseUrls,
    env,
    events,
    script(provider, behaviour, options = {}, bodyContains) {
      if (!bodyContains) behaviours.set(provider, { behaviour, options });
      else {
        const forProvider = tagged.get(provider) ?? new Map<string, Scripted>();
        forProvider.set(bodyContains, { behaviour, options });
        tagged.set(provider, forProvider);
      }
    },
    reset() {
      behaviours.clear();
      tagged.clear();
      events.requests.length = 0;
      events.aborts.length = 0;
    },
    waitForAbort(provider, timeoutMs = 5000) {
      return waitFor(events.aborts, abortWaiters, "aborted", provider, timeoutMs);
    },
    waitForRequest(provider, timeoutMs = 5000) {
      return waitFor(events.requests, requestWaiters, "", provider, timeoutMs);
    },
    close() {
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
