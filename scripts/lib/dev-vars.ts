// The Worker's variables in `npm run dev`: handed over by scripts/dev.ts, never baked into a build.
import type { PluginConfig } from "@cloudflare/vite-plugin";

/** Set by scripts/dev.ts: a JSON object of variables (database bridge, fake providers, the user's own keys). */
export const DEV_VARS_ENV = "SWITCHBOARD_DEV_VARS";

export function devWorkerConfig(): PluginConfig["config"] {
  const raw = process.env[DEV_VARS_ENV];
  if (!raw) return undefined;
  const vars = JSON.parse(raw) as Record<string, string>;
  return (config) => ({ vars: { ...config.vars, ...vars } });
}
