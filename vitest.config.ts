// Test projects: pure domain rules, Node-side tooling, the Worker in workerd, and browser journeys.
import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
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
          cloudflareTest(({ inject }) => ({
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              bindings: {
                APP_ENV: "test",
                DATABASE_URL: inject("databaseUrl"),
                DB_WS_PROXY: inject("dbWsProxy"),
              },
            },
          })),
        ],
        test: {
          name: "worker",
          include: ["tests/worker/**/*.test.ts"],
          globalSetup: ["tests/setup/database.ts"],
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
