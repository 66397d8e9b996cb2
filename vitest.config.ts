// Test projects: pure domain rules, Node-side tooling, the Worker in workerd, and browser journeys.
import { readFile } from "node:fs/promises";
import { cloudflareTest } from "@cloudflare/vitest-plugin";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";
import { TEST_OAUTH_CLIENTS } from "./tests/setup/oauth";
import { TEST_STRIPE } from "./tests/setup/stripe";

export default defineConfig({
  test: {
    // Vitest's default leaves a core idle (availableParallelism − 1: one file at a time on our 2-core
    // machines), while a Worker test file mostly waits on workerd and the database: two at once took the
    // PostgreSQL pass from 470 s to 266 s here.
    maxWorkers: "100%",
    projects: [
      {
        test: {
          name: "domain",
          include: ["tests/domain/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "node",
          include: ["tests/node/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [
          withoutDependencySourceMaps(),
          cloudflareTest(({ inject }) => ({
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              bindings: {
                // Every provider points at tests/upstreams (scripted through inject("upstreamControl")).
                ...(JSON.parse(inject("upstreamEnv")) as Record<string, string>),
                APP_ENV: "test",
                // Cheap password hashes (the sign-in throttle tests make hundreds); production's cost is
                // tested in tests/worker/password-hashing.test.ts.
                SCRYPT_COST: "low",
                // The offline test models; tests/worker/model-availability.test.ts checks them refused without.
                ENABLE_TEST_MODELS: "1",
                DATABASE_URL: inject("databaseUrl"),
                DB_WS_PROXY: inject("dbWsProxy"),
                // Google and GitHub sign-in against tests/oauth/server.ts.
                GOOGLE_CLIENT_ID: TEST_OAUTH_CLIENTS.google.clientId,
                GOOGLE_CLIENT_SECRET: TEST_OAUTH_CLIENTS.google.clientSecret,
                GOOGLE_OAUTH_BASE_URL: `${inject("oauthBaseUrl")}/google`,
                GITHUB_CLIENT_ID: TEST_OAUTH_CLIENTS.github.clientId,
                GITHUB_CLIENT_SECRET: TEST_OAUTH_CLIENTS.github.clientSecret,
                GITHUB_OAUTH_BASE_URL: `${inject("oauthBaseUrl")}/github`,
                // Payments against tests/stripe (the official SDK, Stripe's REST protocol).
                STRIPE_SECRET_KEY: TEST_STRIPE.secretKey,
                STRIPE_WEBHOOK_SECRET: TEST_STRIPE.webhookSecret,
                STRIPE_API_BASE: inject("stripeApiBase"),
              },
            },
          })),
        ],
        test: {
          name: "worker",
          include: ["tests/worker/**/*.test.ts"],
          globalSetup: [
            "tests/setup/database.ts",
            "tests/setup/oauth.ts",
            "tests/setup/upstreams.ts",
            "tests/setup/stripe.ts",
            "tests/setup/mail.ts",
          ],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: "browser",
          include: ["tests/browser/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/setup/browser-app.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One browser, one app: run the journeys one file at a time.
          fileParallelism: false,
        },
      },
    ],
  },
});

// The Workers pool sends a fresh runner every module of its test file's graph in one WebSocket message,
// which workerd caps at 32 MiB. Dependencies' source maps (the SDKs embed their whole TypeScript sources)
// were four fifths of it and had pushed it over the cap on CI; our own files keep theirs for stack traces.
function withoutDependencySourceMaps(): Plugin {
  return {
    name: "switchboard:without-dependency-source-maps",
    enforce: "pre",
    async load(id) {
      if (!/\/node_modules\/.+\.[cm]?js$/.test(id)) return null;
      const code = await readFile(id, "utf8");
      // An empty map (not null) tells Vite not to look for one and its SSR transform not to make one.
      return { code: code.replace(/^\/\/# sourceMappingURL=.*$/gm, ""), map: { mappings: "" } };
    },
  };
}
