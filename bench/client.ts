// `node bench/client.ts`: the chat screen's figures, in Chromium against the production build — its initial
// JavaScript, the render cost of a streamed chunk on a 30,000-character answer (block-memoised renderer vs a
// naive full re-render, same run, same browser), and the time to open a chat of 1,000 messages.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";
import { gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import pg from "pg";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { build } from "vite";
import { benchServing, serveBuiltApp } from "../scripts/lib/build.ts";
import { freePort } from "../scripts/lib/processes.ts";
import { SIGNED_IN_HINT_COOKIE } from "../src/domain/sessions.ts";
import { testMarkdown } from "../src/providers/test-answer.ts";
import { launchBrowser } from "../tests/browser/browser.ts";
import { startEphemeralDb } from "../tests/setup/ephemeral-db.ts";
import { benchExpert } from "./accounts.ts";
import { recordFigure } from "./results.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const LONG_ANSWER = 30_000;
const CHUNK = 40;
const CHUNKS = 60;
const BIG_CHAT = 1_000;

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * q)] ?? Number.NaN;
const ms = (x: number) => `${x < 10 ? x.toFixed(2) : x.toFixed(0)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** A long answer as models write them: headings, lists, tables, code and math, over and over. */
function longAnswer(minLength: number): string {
  let text = "";
  for (let i = 0; text.length < minLength; i++) {
    text += `${testMarkdown(`part ${i} of a long answer about rivers and mountains`, [], { web: false, long: false })}\n`;
  }
  return text;
}

/** Gzip size of every script a page loads (the service worker's own script aside). */
function trackScripts(page: Page): Map<string, number> {
  const scripts = new Map<string, number>();
  page.on("response", async (response) => {
    const path = new URL(response.url()).pathname;
    if (!path.endsWith(".js") || path === "/sw.js" || path.includes("workbox-")) return;
    const body = await response.body().catch(() => null);
    if (body) scripts.set(path, gzipSync(body, { level: 9 }).length);
  });
  return scripts;
}
const total = (sizes: Map<string, number>) => [...sizes.values()].reduce((sum, n) => sum + n, 0);

/** Serves a directory of built files. */
function serveStatic(dir: string, port: number): Promise<Server> {
  const types: Record<string, string> = {
    ".html": "text/html",
    ".js": "text/javascript",
    ".css": "text/css",
    ".woff2": "font/woff2",
    ".woff": "font/woff",
    ".ttf": "font/ttf",
  };
  const server = createServer((req, res) => {
    const path = normalize(new URL(req.url ?? "/", "http://x").pathname).replace(/^(\.\.[/\\])+/, "");
    try {
      const body = readFileSync(join(dir, path === "/" ? "index.html" : path));
      res.writeHead(200, { "Content-Type": types[extname(path) || ".html"] ?? "application/octet-stream" });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

async function renderFigures(browser: Browser, url: string) {
  const text = longAnswer(LONG_ANSWER + CHUNK * CHUNKS);
  const input = { text, start: LONG_ANSWER, chunk: CHUNK, chunks: CHUNKS };
  const times: Record<"blocks" | "naive", number[]> = { blocks: [], naive: [] };
  // Alternate the two, each in a fresh page, so neither benefits from the other's warm-up or caches.
  for (let run = 0; run < 3; run++) {
    for (const mode of ["naive", "blocks"] as const) {
      const page = await browser.newPage();
      await page.goto(url);
      await page.waitForFunction(() => "runRenderBench" in window);
      const result = await page.evaluate(
        (arg) => (window as unknown as { runRenderBench(a: unknown): Promise<number[]> }).runRenderBench(arg),
        { ...input, mode },
      );
      times[mode].push(...result.slice(5)); // the first chunks warm the JIT
      await page.close();
    }
  }
  return times;
}

/**
 * Ctrl+K on a chat, then a different word each run (so no answer comes from the client's cache), typed as a
 * person types; measured in the page from the last keydown to the frame after a result highlighting it shows.
 */
async function searchToPaint(
  context: BrowserContext,
  origin: string,
  chatId: number | undefined,
): Promise<number[]> {
  const page = await context.newPage();
  await page.goto(`${origin}/app/a/default/c/${chatId}`);
  // The app's own composer (the page's first frame has one too, and no shortcuts).
  await page.locator("#boot-shell").waitFor({ state: "detached" });
  await page.getByRole("textbox", { name: "Message" }).waitFor();
  await page.keyboard.press("Control+k");
  const field = page.getByRole("combobox");
  await field.waitFor();
  const times: number[] = [];
  for (let i = 0; i < RUNS * 4; i++) {
    const word = String(BIG_CHAT / 2 - 7 * i);
    await field.fill("");
    const painted = page.evaluate((wanted) => {
      let lastKey = 0;
      const input = document.querySelector<HTMLInputElement>('[role="combobox"]');
      input?.addEventListener("keydown", () => {
        lastKey = performance.now();
      });
      return new Promise<number>((resolve) => {
        const done = () =>
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - lastKey)));
        const found = () =>
          input?.value === `rivers ${wanted}` &&
          [...document.querySelectorAll('[role="option"] mark')].some((m) => m.textContent === wanted);
        const observer = new MutationObserver(() => {
          if (!found()) return;
          observer.disconnect();
          done();
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        // A search that never shows its word counts as missing, not as a hang.
        setTimeout(() => {
          observer.disconnect();
          resolve(Number.NaN);
        }, 10_000);
      });
    }, word);
    await field.pressSequentially(`rivers ${word}`, { delay: 40 });
    times.push(await painted);
  }
  await context.close();
  const missing = times.filter(Number.isNaN).length;
  if (missing > 0)
    console.log(`quick search: ${missing} of ${times.length} searches never showed their word`);
  return times.filter((t) => !Number.isNaN(t));
}

/** What one open of the big chat measured in the page: when its newest text was visible, and a frame and a task later. */
interface OnScreen {
  shown: number;
  interactive: number;
}

/**
 * Resolves, measured by the page itself, once `text` is visible with a composer beside it — the page's first
 * frame's or the app's own; with `app`, the app's own once the frame has handed over — in the first animation
 * frame where it is, then the time a frame and a task later: when the main thread could answer the reader.
 * Measured in the page because Playwright's own waits poll with growing pauses and would add them to the figure.
 */
function whenOnScreen(page: Page, text: string, app: boolean): Promise<OnScreen> {
  return page.evaluate(
    ([text, app]) =>
      new Promise<OnScreen>((resolve, reject) => {
        setTimeout(() => reject(new Error(`"${text}" was not on screen within 30 s`)), 30_000);
        const visible = (element: Element | null) =>
          element?.checkVisibility({ opacityProperty: true, visibilityProperty: true }) === true;
        const textShown = () => {
          if (app && document.getElementById("boot-shell")) return false;
          const scope = app ? document.getElementById("root") : document.body;
          if (!scope) return false;
          const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (node.nodeValue?.includes(text) && visible(node.parentElement)) return true;
          }
          return false;
        };
        const composer = () => [...document.querySelectorAll('textarea[aria-label="Message"]')].some(visible);
        const check = () => {
          if (!textShown() || !composer()) return requestAnimationFrame(check);
          const shown = performance.now();
          requestAnimationFrame(() => setTimeout(() => resolve({ shown, interactive: performance.now() })));
        };
        check();
      }),
    [text, app] as const,
  );
}

async function main() {
  const db = await startEphemeralDb();
  console.log("building the app (production)…");
  const app = await serveBuiltApp(
    "client-bench",
    {
      DATABASE_URL: db.url,
      DB_WS_PROXY: `127.0.0.1:${db.wsPort}`,
      APP_ENV: "test",
      // The chats of the bench are on the offline test model.
      ENABLE_TEST_MODELS: "1",
    },
    benchServing(),
  );
  const origin = app.url;
  const renderDir = mkdtempSync(join(tmpdir(), "switchboard-render-bench-"));
  await build({
    configFile: false,
    root: join(process.cwd(), "bench", "render-page"),
    mode: "production",
    logLevel: "warn",
    plugins: [react()],
    build: { outDir: renderDir, emptyOutDir: true },
  });

  const renderPort = await freePort();
  const renderServer = await serveStatic(renderDir, renderPort);
  let browser: Browser | null = null;

  try {
    // An expert account with a session, a short chat with code and math, and a chat of 1,000 messages.
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const { userId, token } = await benchExpert(client, `client-bench-${Date.now()}@bench.test`);
    await client.query(
      `insert into hot.user_preferences ("userId", "modelsConfiguration", "lastReleaseNoteDateChecked", "hasSeenOnboardingTips")
       values ($1, $2, now(), true)`,
      [userId, JSON.stringify({ text: ["test"], reasoning: [], web: [], image: [], light_text: [] })],
    );
    const addChat = async (title: string, exchanges: number) => {
      const chatId = (
        await client.query<{ id: number }>(
          `insert into hot.chat ("user", title, model, "updatedAt") values ($1, $2, 'test', now() - interval '1 hour') returning id`,
          [userId, title],
        )
      ).rows[0]?.id;
      for (let from = 0; from < exchanges; from += 100) {
        const values: unknown[] = [];
        const rows: string[] = [];
        for (let i = from; i < Math.min(exchanges, from + 100); i++) {
          const at = new Date(Date.now() - (exchanges - i) * 60_000);
          for (const [role, content] of [
            ["user", `Question ${i + 1}: tell me about rivers number ${i + 1}`],
            ["assistant", testMarkdown(`rivers number ${i + 1}`, [], { web: false, long: false })],
          ] as const) {
            const n = values.length;
            rows.push(`($${n + 1}, $${n + 2}, $${n + 3}, $${n + 4}, $${n + 5})`);
            values.push(
              chatId,
              content,
              JSON.stringify(role === "user" ? { role } : { role, done: true, outcome: "done" }),
              role === "user" ? null : "test",
              at,
            );
          }
        }
        await client.query(
          `insert into hot.message (chat, content, metadata, model, "createdAt") values ${rows.join(", ")}`,
          values,
        );
      }
      return chatId;
    };
    const bigChat = await addChat("A chat of 1,000 messages", BIG_CHAT / 2);
    const smallChat = await addChat("A short chat", 1);
    await client.end();

    const chromium = await launchBrowser();
    browser = chromium;
    const signedIn = async (): Promise<BrowserContext> => {
      const context = await chromium.newContext({
        viewport: { width: 1280, height: 800 },
        serviceWorkers: "block",
      });
      // The hint beside the session, as a sign-in sets them: without it the app asks nothing and shows /login.
      await context.addCookies([
        { name: "session", value: token, url: origin },
        { name: SIGNED_IN_HINT_COOKIE, value: "1", url: origin },
      ]);
      return context;
    };

    // 1. Initial JavaScript of the chat screen, and what math and code bring when an answer first shows them.
    const context = await signedIn();
    const first = await context.newPage();
    const initial = trackScripts(first);
    await first.goto(`${origin}/app/a/default`);
    await first.getByRole("textbox", { name: "Message" }).waitFor();
    await first.waitForLoadState("networkidle");
    const initialBytes = total(initial);
    const initialScripts = initial.size;
    // Opened in the app: a page load of it would show the answer as its first frame typeset it on the Worker
    // (client/chat/markdown/frame-answers.ts), with neither renderer loaded.
    await first.locator(`li.chat-item[data-chat-id="${smallChat}"] a`).click();
    await first.locator("#root .katex-html").first().waitFor({ state: "attached" });
    await first.locator("#root .hljs-keyword").first().waitFor();
    await first.waitForLoadState("networkidle");
    const lazyBytes = total(initial) - initialBytes;
    await context.close();

    // 2. Render time per streamed chunk on a 30,000-character answer.
    const render = await renderFigures(chromium, `http://127.0.0.1:${renderPort}/`);

    // 3. Opening the chat of 1,000 messages: a full page load in a new browser context (a first visit), a switch
    // from another chat in the app, and a full page load again in the same tab (a reload, a link followed).
    const loads: number[] = [];
    const reloads: number[] = [];
    const readable: number[] = [];
    const appLoads: number[] = [];
    const switches: number[] = [];
    const requested: number[] = [];
    const received: number[] = [];
    let inDom = 0;
    const newest = `rivers number ${BIG_CHAT / 2}`;
    for (let i = 0; i < RUNS; i++) {
      const ctx = await signedIn();
      const page = await ctx.newPage();
      // From the navigation's start (the page's clock), not the load event: lazily loaded renderers must not
      // count unless awaited.
      await page.goto(`${origin}/app/a/default/c/${bigChat}`, { waitUntil: "commit" });
      // Interactive: the main thread answers a frame and a task after the last message is on screen and the
      // composer takes typing — the page's first frame's (src/sharing/chat-shell.ts) or the app's own.
      const frame = await whenOnScreen(page, newest, false);
      readable.push(frame.shown);
      loads.push(frame.interactive);
      // The app's own screen: the first frame handed over, the newest message rendered by the app.
      appLoads.push((await whenOnScreen(page, newest, true)).interactive);
      inDom = await page.locator("article.message").count();
      const request = await page.evaluate(
        (id) =>
          performance
            .getEntriesByType("resource")
            .filter((e) => new URL(e.name).pathname === `/api/chat/${id}`)
            .map((e) => [e.startTime, (e as PerformanceResourceTiming).responseEnd])[0] ?? [
            Number.NaN,
            Number.NaN,
          ],
        bigChat,
      );
      requested.push(request[0] ?? Number.NaN);
      received.push(request[1] ?? Number.NaN);

      await page.goto(`${origin}/app/a/default/c/${smallChat}`);
      // The chat's math in the app's screen, the frame gone.
      await page.locator("#root .katex").first().waitFor();
      await page.locator("#boot-shell").waitFor({ state: "detached" });
      const link = page.locator(`li.chat-item[data-chat-id="${bigChat}"] a`);
      await link.waitFor();
      // From the click as the page received it to the big chat on screen and answering, both on its clock.
      await page.evaluate(() => {
        const w = window as { clickedAt?: number };
        document.addEventListener("click", () => (w.clickedAt ??= performance.now()), { capture: true });
      });
      // The pointer on the link a moment before the click, as a hand moving to it: the app readies its
      // markdown renderer at the reader's first input (client/chat/markdown/lazy-markdown.tsx).
      await link.hover();
      await page.waitForTimeout(300);
      const switched = whenOnScreen(page, newest, true);
      await link.click();
      const { interactive } = await switched;
      switches.push(
        interactive - (await page.evaluate(() => (window as { clickedAt?: number }).clickedAt ?? 0)),
      );
      // A reader who comes back: the browser has the app's files in its cache and its page process running,
      // as after any earlier visit; the chat is read and its frame written again, as on the first visit.
      await page.goto(`${origin}/app/a/default/c/${bigChat}`, { waitUntil: "commit" });
      reloads.push((await whenOnScreen(page, newest, false)).interactive);
      await ctx.close();
    }

    // 3b. This machine's floor for a first visit: the same page with the app's scripts and preloads taken out,
    // so that only the browser's own work on the document (a new page process, parsing, layout, paint) is left.
    const bare: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const ctx = await signedIn();
      const page = await ctx.newPage();
      await page.route(`${origin}/app/a/default/c/${bigChat}`, async (route) => {
        const response = await route.fetch();
        const body = (await response.text())
          .replace(/<script type="module"[^>]*><\/script>/g, "")
          .replace(/<link rel="(?:modulepreload|preload)"[^>]*>/g, "");
        await route.fulfill({ response, body });
      });
      await page.goto(`${origin}/app/a/default/c/${bigChat}`, { waitUntil: "commit" });
      bare.push((await whenOnScreen(page, newest, false)).interactive);
      await ctx.close();
    }

    // 4. Quick search: from the last keystroke to the matching results painted (the 120 ms debounce included).
    const searches = await searchToPaint(await signedIn(), origin, smallChat);

    const rows: [string, string][] = [
      ["initial JavaScript of the chat screen (gzip)", `${kb(initialBytes)} in ${initialScripts} scripts`],
      ["+ math and code renderers, on first use (gzip)", kb(lazyBytes)],
      [
        `render per streamed chunk at ${LONG_ANSWER.toLocaleString("en")} chars, blocks (p50 / p90)`,
        `${ms(quantile(render.blocks, 0.5))} / ${ms(quantile(render.blocks, 0.9))}`,
      ],
      [
        "render per streamed chunk, naive full re-render (p50 / p90)",
        `${ms(quantile(render.naive, 0.5))} / ${ms(quantile(render.naive, 0.9))}`,
      ],
      ["speed-up (p50)", `${(quantile(render.naive, 0.5) / quantile(render.blocks, 0.5)).toFixed(0)}×`],
      [
        `open a chat of ${BIG_CHAT.toLocaleString("en")} messages until interactive, page load in a new browser context (p50 of ${RUNS})`,
        ms(quantile(loads, 0.5)),
      ],
      ["… its newest messages on screen, from the page's first frame (p50)", ms(quantile(readable, 0.5))],
      ["… the app's own screen in its place, interactive (p50)", ms(quantile(appLoads, 0.5))],
      [
        "… its messages requested / received at (p50)",
        `${ms(quantile(requested, 0.5))} / ${ms(quantile(received, 0.5))}`,
      ],
      [
        "… the app's scripts taken out of the page in flight (the browser's own work): this machine's floor (p50)",
        ms(quantile(bare, 0.5)),
      ],
      [
        `open it again by full page load in the same tab, its files cached, until interactive (p50 of ${RUNS})`,
        ms(quantile(reloads, 0.5)),
      ],
      [`switch to it from another chat (p50 of ${RUNS})`, ms(quantile(switches, 0.5))],
      ["messages in the DOM once it is open", `${inDom} of ${BIG_CHAT.toLocaleString("en")}`],
      [
        `quick search, last keystroke to results painted (p50 / p95 of ${searches.length}, 120 ms debounce included)`,
        `${ms(quantile(searches, 0.5))} / ${ms(quantile(searches, 0.95))}`,
      ],
    ];
    recordFigure(
      "openBigChat",
      `first visit ${ms(quantile(loads, 0.5))} (newest messages on screen at ${ms(quantile(readable, 0.5))}, the app's own screen at ${ms(quantile(appLoads, 0.5))}; the page without its scripts ${ms(quantile(bare, 0.5))}); opened again in the same tab ${ms(quantile(reloads, 0.5))}`,
    );
    const width = Math.max(...rows.map(([name]) => name.length));
    console.log(`\nChat screen, Chromium ${chromium.version()}, production build\n`);
    console.log(`| ${"figure".padEnd(width)} | value |`);
    console.log(`|${"-".repeat(width + 2)}|-------|`);
    for (const [name, value] of rows) console.log(`| ${name.padEnd(width)} | ${value} |`);
  } finally {
    await browser?.close();
    renderServer.close();
    await app.stop();
    await db.close();
    rmSync(renderDir, { recursive: true, force: true });
  }
}

await main();
