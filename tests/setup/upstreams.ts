// Vitest global setup: the local provider servers for the Worker tests, plus a small control endpoint so a
// test running inside workerd can script them (429, hang…) and see what they saw (every request, aborts).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";
import {
  type Behaviour,
  type SeenRequest,
  startUpstreams,
  type UpstreamProvider,
} from "../upstreams/index.ts";

/**
 * The requests matching `provider` (when given) whose body contains `contains` (when given): a test puts
 * a unique tag in its prompt, attachment or passage and finds exactly its own requests, whatever else runs.
 */
function matching(requests: readonly SeenRequest[], query: URLSearchParams): SeenRequest[] {
  const provider = query.get("provider");
  const contains = query.get("contains");
  return requests.filter(
    (r) =>
      (!provider || r.provider === provider) &&
      (!contains || JSON.stringify(r.body ?? null).includes(contains)),
  );
}

/** Waits until at least `min` requests match (or `waitMs` passes), then answers what matches. */
async function requestsWhen(requests: readonly SeenRequest[], query: URLSearchParams) {
  const min = Number(query.get("min") ?? 0);
  const deadline = Date.now() + Number(query.get("waitMs") ?? 0);
  let found = matching(requests, query);
  while (found.length < min && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    found = matching(requests, query);
  }
  // Everything the server saw, as it saw it (the key is a fake one: nothing to hide).
  return found.map((r) => ({
    id: r.id,
    provider: r.provider,
    method: r.method,
    path: r.path,
    headers: r.headers,
    body: r.body,
    model: r.model,
    behaviour: r.behaviour,
    aborted: r.aborted,
    completed: r.completed,
  }));
}

declare module "vitest" {
  export interface ProvidedContext {
    /** <PREFIX>_BASE_URL / _API_KEY for every provider, as JSON. */
    upstreamEnv: string;
    /**
     * POST /script {provider, behaviour, options, bodyContains?}, POST /reset, GET /seen → {requests, aborts} (brief),
     * GET /requests?provider=&contains=&min=&waitMs= → {requests} with method, path, headers and body.
     */
    upstreamControl: string;
  }
}

export default async function setup(project: TestProject) {
  const upstreams = await startUpstreams();
  const control = createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    const url = new URL(req.url ?? "/", "http://control");
    if (req.method === "POST" && url.pathname === "/script") {
      const { provider, behaviour, options, bodyContains } = JSON.parse(body) as {
        provider: UpstreamProvider;
        behaviour: Behaviour;
        options?: { delayMs?: number; retryAfter?: number };
        bodyContains?: string;
      };
      upstreams.script(provider, behaviour, options, bodyContains);
    } else if (req.method === "POST" && url.pathname === "/reset") {
      upstreams.reset();
    } else if (req.method === "GET" && url.pathname === "/seen") {
      const brief = (r: { provider: string; model?: string; aborted: boolean }) => ({
        provider: r.provider,
        model: r.model,
        aborted: r.aborted,
      });
      res.setHeader("Content-Type", "application/json");
      res.end(
        JSON.stringify({
          requests: upstreams.events.requests.map(brief),
          aborts: upstreams.events.aborts.map(brief),
        }),
      );
      return;
    } else if (req.method === "GET" && url.pathname === "/requests") {
      const requests = await requestsWhen(upstreams.events.requests, url.searchParams);
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify({ requests }));
      return;
    } else {
      res.statusCode = 404;
    }
    res.end();
  });
  await new Promise<void>((resolve) => control.listen(0, "127.0.0.1", resolve));
  project.provide("upstreamEnv", JSON.stringify(upstreams.env));
  project.provide("upstreamControl", `http://127.0.0.1:${(control.address() as AddressInfo).port}`);
  return async () => {
    await new Promise<void>((resolve) => control.close(() => resolve()));
    await upstreams.close();
  };
}
