// The Worker's variables in `npm run dev`: handed over by scripts/dev.ts, never baked into a build.
import { existsSync, readFileSync } from "node:fs";
import type { PluginConfig } from "@cloudflare/vite-plugin";

/** Set by scripts/dev.ts: a JSON object of variables (database bridge, fake providers, the user's own keys). */
export const DEV_VARS_ENV = "SWITCHBOARD_DEV_VARS";

export function devWorkerConfig(): PluginConfig["config"] {
  const raw = process.env[DEV_VARS_ENV];
  if (!raw) return undefined;
  const vars = JSON.parse(raw) as Record<string, string>;
  return (config) => ({ vars: { ...config.vars, ...vars } });
}

/**
 * The variables of a `.dev.vars` file (dotenv syntax: NAME=value, optional quotes, # comments), which
 * workerd also reads: a key put there makes its provider real as surely as an exported one.
 */
export function readDotDevVars(path = ".dev.vars"): Record<string, string> {
  if (!existsSync(path)) return {};
  const vars: Record<string, string> = {};
  for (const line of readFileSync(path, "utf8").split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match?.[1] || line.trimStart().startsWith("#")) continue;
    const raw = match[2] ?? "";
    const quoted = /^(["'])(.*)\1$/.exec(raw);
    vars[match[1]] = quoted ? (quoted[2] ?? "") : raw.replace(/\s+#.*$/, "");
  }
  return vars;
}
