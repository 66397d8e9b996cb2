// The local protocol servers for a provider test file: started once, their records cleared after each test.
import { afterAll, afterEach, beforeAll } from "vitest";
import { providerConfigFromEnv } from "../../../src/providers/index.ts";
import type { ProviderConfig } from "../../../src/providers/types.ts";
import { startUpstreams, type Upstreams } from "../../upstreams/index.ts";

/** Starts them before the file's tests and hands them, with the providers' configuration for them, to `use`. */
export function withUpstreams(use: (up: Upstreams, config: ProviderConfig) => void): void {
  let up: Upstreams | undefined;
  beforeAll(async () => {
    up = await startUpstreams();
    use(up, providerConfigFromEnv(up.env));
  });
  afterEach(() => up?.reset());
  afterAll(() => up?.close());
}
