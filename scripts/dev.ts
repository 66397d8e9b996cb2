// `npm run dev`: embedded Postgres + bridge, migrations, demo data, local stand-ins for every provider without a
// key, then vite + workerd.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { PROVIDER_ENV_VARS } from "../src/providers/config.ts";
import { migrate } from "./db/migrate.ts";
import { startDatabase } from "./db/server.ts";
import { linkDemoBilling, localStripeVars, startLocalStripe } from "./lib/dev-billing.ts";
import { DEV_VARS_ENV, readDotDevVars } from "./lib/dev-vars.ts";
import { startGroup, waitForUrl } from "./lib/processes.ts";
import { describeRoutes, startStandIns } from "./lib/stand-ins.ts";

const BIN = join(process.cwd(), "node_modules", ".bin");
const PORT = Number(process.env.PORT ?? 5173);
const DATA_DIR = process.env.PGLITE_DATA_DIR ?? ".data/pglite";
const log = (line: string) => console.log(`[dev] ${line}`);

const external = process.env.DATABASE_URL || undefined;
log(external ? "using the Postgres at DATABASE_URL" : `starting embedded Postgres (PGlite) in ${DATA_DIR}`);
const db = await startDatabase({ dataDir: external ? undefined : DATA_DIR, databaseUrl: external, log });
await migrate(db.url);
log("migrations applied");

const seedScript = join(process.cwd(), "scripts", "seed.ts");
if (existsSync(seedScript)) {
  const { seed } = (await import(seedScript)) as { seed?: (url: string) => Promise<void> };
  await seed?.(db.url);
}

// Every provider without a key (in the environment or .dev.vars) is played by a local protocol server, so
// every model answers out of the box; FAKE_PROVIDERS=1 makes them all local.
const allLocal = process.env.FAKE_PROVIDERS === "1";
const standIns = await startStandIns({ ...readDotDevVars(), ...process.env }, { allLocal });
log(allLocal ? "providers (FAKE_PROVIDERS=1: all local):" : "providers:");
for (const line of describeRoutes(standIns.routes)) log(`  ${line}`);

// Payments: real Stripe with STRIPE_SECRET_KEY, else the local Stripe-protocol server with its own pages.
const localStripe = process.env.STRIPE_SECRET_KEY
  ? null
  : await startLocalStripe({
      port: Number(process.env.STRIPE_PORT ?? 0),
      log: (line) => console.log(`[stripe] ${line}`),
    });
localStripe?.setWebhook(`http://localhost:${PORT}/api/billing/webhook`);
log(
  localStripe
    ? `Stripe: local stand-in at ${localStripe.url} (checkout and portal pages; webhooks → /api/billing/webhook)`
    : "Stripe: real (STRIPE_SECRET_KEY is set)",
);

// Worker variables a developer may export (real provider keys, mail, OAuth); `.dev.vars` works too.
const PASSTHROUGH = [
  // DEMO_PROVIDERS is the stand-ins' to say.
  ...PROVIDER_ENV_VARS.map((v) => v.name).filter((name) => name !== "DEMO_PROVIDERS"),
  "ALLOWED_ORIGINS",
  "MAIL_API_URL",
  "MAIL_API_KEY",
  "MAIL_FROM",
  "GOOGLE_CLIENT_ID",
  "GOOGLE_CLIENT_SECRET",
  "GOOGLE_OAUTH_BASE_URL",
  "GITHUB_CLIENT_ID",
  "GITHUB_CLIENT_SECRET",
  "GITHUB_OAUTH_BASE_URL",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_API_BASE",
];
const workerVars: Record<string, string> = {};
for (const name of PASSTHROUGH) if (process.env[name]) workerVars[name] = process.env[name] as string;
Object.assign(workerVars, standIns.vars, localStripe ? localStripeVars(localStripe) : {}, {
  APP_ENV: "development",
  // The offline test models (test, test-image, test-light…) are offered in development, never in production.
  ENABLE_TEST_MODELS: "1",
  DATABASE_URL: db.url,
  DB_WS_PROXY: `127.0.0.1:${db.wsPort}`,
});

const vite = startGroup(
  join(BIN, "vite"),
  ["--port", String(PORT), "--strictPort", "--clearScreen", "false"],
  {
    env: {
      [DEV_VARS_ENV]: JSON.stringify(workerVars),
      CLOUDFLARE_CF_FETCH_ENABLED: "false",
      WRANGLER_SEND_METRICS: "false",
    },
  },
);

let stopping = false;
async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  log("stopping…");
  await vite.stop();
  await standIns.close();
  await localStripe?.close();
  await db.close();
  process.exit(code);
}
process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));
vite.child.once("exit", (code) => void shutdown(code ?? 1));

try {
  await waitForUrl(`http://localhost:${PORT}/api/health`, 120_000);
  if (localStripe) {
    const linked = await linkDemoBilling({
      databaseUrl: db.url,
      server: localStripe,
      appUrl: `http://localhost:${PORT}`,
      log: (line) => log(line),
    });
    if (linked > 0) log(`linked ${linked} demo subscriptions to the local Stripe`);
  }
  console.log(`\n  Switchboard is running at http://localhost:${PORT}  (Ctrl+C stops everything)\n`);
} catch (err) {
  console.error(`[dev] ${(err as Error).message}`);
  await shutdown(1);
}
