// Vitest global setup: the local provider servers for the Worker tests, plus a small control endpoint so a
// test running inside workerd can script them (429, hang…) and see what they saw (aborts).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";
import { type Behaviour, startUpstreams, type UpstreamProvider } from "../upstreams/index.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** <PREFIX>_BASE_URL / _API_KEY for every provider, as JSON. */
    upstreamEnv: string;
    /** POST /script {provider, behaviour, options}, POST /reset, GET /seen → {requests, aborts}. */
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
      const { provider, behaviour, options } = JSON.parse(body) as {
        provider: UpstreamProvider;
        behaviour: Behaviour;
        options?: { delayMs?: number; retryAfter?: number };
      };
      upstreams.script(provider, behaviour, options);
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
