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

export default defineConfig({
  root: "client",
  publicDir: "../public",
  envDir: "..",
  build: { outDir: "../dist", emptyOutDir: true },
  // The Worker's own build is minified too (vite leaves server environments as they are): its upload went
  // from 6.7 MB to about half, which is what a Worker's cold start parses. Its source map goes up with it
  // (`upload_source_maps` in wrangler.toml), so production stack traces still name our files and lines.
  environments: { switchboard: { build: { minify: true, sourcemap: true } } },
  // No CORS of vite's own: it answered /api/v1's preflights itself (localhost origins only), so a page on
  // another origin could not call the public API in dev; the Worker answers them, as in production.
  server: { port: Number(process.env.PORT ?? 5173), strictPort: false, cors: false },
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
      // tests/node/dev-server.test.ts keeps its own, beside a developer's running `npm run dev`.
      persistState: { path: process.env.SWITCHBOARD_DEV_STATE ?? "../.wrangler/state" },
      config: devWorkerConfig(),
    }),
    VitePWA({
      registerType: "prompt",
      injectRegister: false,
      // Fetched with the page's credentials, the manifest shares the page's connection; without them the
      // browser opens another one for it (a connection per credentials mode), a round trip or more on a phone.
      useCredentials: true,
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
      // Our own worker (client/pwa/sw.ts), with this build's files listed into it.
      strategies: "injectManifest",
      srcDir: "pwa",
      filename: "sw.ts",
      injectManifest: {
        globPatterns: ["**/*.{js,css,html,svg,png,ico,woff2}"],
        // A classic script: client/pwa/register.ts registers /sw.js without `type: "module"`.
        rollupFormat: "iife",
      },
    }),
  ],
});
