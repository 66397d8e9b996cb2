// Local stand-ins for the providers a developer has no key for: tests/upstreams' protocol servers, per provider.
import {
  configuredProviders,
  NETWORK_PROVIDERS,
  providerConfigFromEnv,
  providerEnvPrefix,
} from "../../src/providers/config.ts";
import type { NetworkProvider } from "../../src/providers/types.ts";
import { startUpstreams } from "../../tests/upstreams/index.ts";

export interface ProviderRoute {
  provider: NetworkProvider;
  /** Answered by the real API (its key is configured), or by a local protocol server. */
  real: boolean;
  /** The local server's base URL when not real. */
  url?: string;
}

export interface StandIns {
  /** Worker variables: base URL and key of each local provider, DEMO_PROVIDERS naming them. */
  vars: Record<string, string>;
  routes: ProviderRoute[];
  close(): Promise<void>;
}

/**
 * Which providers go local: every one `env` does not configure (no key; Midjourney also no base URL), or
 * all of them when `allLocal` (FAKE_PROVIDERS=1). A configured provider keeps its own variables.
 */
export function localProviders(
  env: Record<string, string | undefined>,
  allLocal: boolean,
): NetworkProvider[] {
  if (allLocal) return [...NETWORK_PROVIDERS];
  const real = configuredProviders(providerConfigFromEnv(env));
  return NETWORK_PROVIDERS.filter((provider) => !real.includes(provider));
}

/** Starts the protocol servers for the providers `env` lacks, and says what each provider is. */
export async function startStandIns(
  env: Record<string, string | undefined>,
  options: { allLocal?: boolean; host?: string } = {},
): Promise<StandIns> {
  const local = localProviders(env, options.allLocal ?? false);
  const routes: ProviderRoute[] = NETWORK_PROVIDERS.map((provider) => ({ provider, real: true }));
  if (local.length === 0) return { vars: {}, routes, close: async () => {} };

  const upstreams = await startUpstreams({ host: options.host });
  const vars: Record<string, string> = { DEMO_PROVIDERS: local.join(",") };
  for (const route of routes) {
    if (!local.includes(route.provider)) continue;
    const prefix = providerEnvPrefix(route.provider);
    for (const name of [`${prefix}_BASE_URL`, `${prefix}_API_KEY`]) {
      const value = upstreams.env[name];
      if (value) vars[name] = value;
    }
    route.real = false;
    route.url = upstreams.baseUrls[route.provider];
  }
  // The local image jobs are ready at the second poll: poll them fast, unless a real polled API is in play.
  const polled: NetworkProvider[] = ["black-forest-labs", "midjourney"];
  const interval = upstreams.env.IMAGE_POLL_INTERVAL_MS;
  if (interval && polled.every((provider) => local.includes(provider)))
    vars.IMAGE_POLL_INTERVAL_MS = interval;
  return { vars, routes, close: () => upstreams.close() };
}

/** One line per provider for the dev console. */
export function describeRoutes(routes: readonly ProviderRoute[]): string[] {
  const width = Math.max(...routes.map((route) => route.provider.length));
  return routes.map(({ provider, real, url }) =>
    real
      ? `${provider.padEnd(width)}  real (${providerEnvPrefix(provider)}_API_KEY)`
      : `${provider.padEnd(width)}  local stand-in at ${url}`,
  );
}
