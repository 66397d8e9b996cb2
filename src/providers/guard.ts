// Wraps every adapter so its stream never throws: failures become one error event, an abort ends it quietly.
import { classifyFailure, ProviderFailure } from "./errors";
import type {
  Adapter,
  NetworkProvider,
  ProviderConfig,
  ProviderEndpoint,
  ProviderEvent,
  ProviderRequest,
} from "./types";

export function defineAdapter(kind: "text" | "image", impl: Adapter): Adapter {
  return (req, config) => guarded(kind, req, config, impl);
}

async function* guarded(
  kind: "text" | "image",
  req: ProviderRequest,
  config: ProviderConfig,
  impl: Adapter,
): AsyncGenerator<ProviderEvent> {
  if (req.signal.aborted) return;
  try {
    // Leaving this loop early (abort, consumer break, error) runs the adapter's finally blocks,
    // which abort its upstream request.
    for await (const event of impl(req, config)) {
      if (req.signal.aborted) return;
      yield event;
      if (event.type === "error") return;
    }
  } catch (err) {
    if (req.signal.aborted) return;
    yield classifyFailure(err, req.model.provider, kind);
  }
}

/** The provider's endpoint, or provider_unavailable when the deployment has no key (or URL) for it. */
export function requireEndpoint(
  config: ProviderConfig,
  provider: NetworkProvider,
): Required<ProviderEndpoint> {
  const endpoint = config.endpoints[provider];
  if (!endpoint?.apiKey || !endpoint.baseUrl) {
    throw new ProviderFailure(
      "provider_unavailable",
      `${provider} is not configured (missing API key or base URL)`,
    );
  }
  return { baseUrl: endpoint.baseUrl, apiKey: endpoint.apiKey };
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
