// Builds the SPA and runs the Worker in workerd through @cloudflare/vite-plugin (dev, build and preview).
import { cloudflare } from "@cloudflare/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { bootShell } from "./scripts/lib/boot-shell.ts";
import { clientIpFromSocket } from "./scripts/lib/client-ip.ts";
import { devInlineScripts } from "./scripts/lib/dev-csp.ts";
import { devWorkerConfig } from "./scripts/lib/dev-vars.ts";
import { inlineThemeBoot } from "./scripts/lib/inline-theme-boot.ts";
import { routeChunks, routePreload } from "./scripts/lib/route-chunks.ts";
import { OPEN_CHAT_PAGE } from "./src/domain/app-routes.ts";

/** A path pattern (`^…$`) that also takes a query string, as workbox matches navigations. */
const withQuery = (path: RegExp) => new RegExp(`${path.source.slice(0, -1)}(?:\\?.*)?$`);

export default defineConfig({
  root: "client",
  publicDir: "../public",
  envDir: "..",
  build: { outDir: "../dist", emptyOutDir: true },
  server: { port: Number(process.env.PORT ?? 5173), strictPort: false },
  preview: { port: Number(process.env.PORT ?? 4173) },
  plugins: [
    // Before the Cloudflare plugin: the Worker's client IP is the socket's, whatever the client sent.
    clientIpFromSocket(),
    // Before the Cloudflare plugin too: the dev server's inline React Refresh preamble gets into its script-src.
    devInlineScripts(),
    inlineThemeBoot(),
    bootShell(),
    routeChunks(),
    routePreload(),
    react(),
    cloudflare({
      configPath: "../wrangler.toml",
      persistState: { path: "../.wrangler/state" },
      config: devWorkerConfig(),
    }),
    VitePWA({
      registerType: "prompt",
      injectRegister: false,
      manifest: {
        name: "Switchboard",
        short_name: "Switchboard",
        description: "Chat with many AI models in one place.",
        theme_color: "#8e6e59",
        background_color: "#ffffff",
        display: "standalone",
        id: "/",
        scope: "/",
        start_url: "/",
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
          { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      integration: {
        // The latest-build manifest the running app polls to offer a reload after a deployment (SPEC §4):
        // it names the entry script of this build's index.html. Written before the service worker is
        // generated, once the client files are on disk; JSON is not precached, so polls reach the network.
        async beforeBuildServiceWorker(options) {
          const { mkdirSync, readFileSync, writeFileSync } = await import("node:fs");
          const { dirname, join } = await import("node:path");
          const outDir = dirname(options.swDest);
          const html = readFileSync(join(outDir, "index.html"), "utf8");
          const entry = /<script type="module"[^>]*\ssrc="([^"]+)"/.exec(html)?.[1];
          if (!entry) throw new Error("latest-build manifest: no module script in index.html");
          mkdirSync(join(outDir, "build"), { recursive: true });
          writeFileSync(join(outDir, "build", "latest.json"), JSON.stringify({ entry, builtAt: Date.now() }));
        },
      },
      workbox: {
        navigateFallback: "/index.html",
        // The API is always live: never answer it from the cache, never fall back to the shell for it.
        // Nor for a shared chat: the Worker renders that page itself (readable without JavaScript). Nor for
        // an open chat's page, which the Worker writes the chat's newest messages into: the cached shell
        // would show them only once the app has started, read them and rendered them itself.
        navigateFallbackDenylist: [/^\/api\//, /^\/shared\//, withQuery(OPEN_CHAT_PAGE)],
        runtimeCaching: [
          {
            // From the network, never cached (it holds one user's messages); offline, the cached shell.
            urlPattern: new RegExp(`^https?://[^/]+${withQuery(OPEN_CHAT_PAGE).source.slice(1)}`),
            handler: "NetworkOnly",
            options: { precacheFallback: { fallbackURL: "/index.html" } },
          },
        ],
        globPatterns: ["**/*.{js,css,html,svg,png,ico,woff2}"],
      },
    }),
  ],
});
