// `npm run bench` (Lighthouse part): Lighthouse 13's mobile performance score, median of 3, for the home page,
// /pricing, the chat screen signed in and a shared chat (and the home page on desktop), against the
// production build in Debian's Chromium. A run Lighthouse could not finish is shown, not counted.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import pg from "pg";
import { benchServing, serveBuiltApp } from "../scripts/lib/build.ts";
import { CHROMIUM_PATH } from "../tests/browser/browser.ts";
import { startEphemeralDb } from "../tests/setup/ephemeral-db.ts";
import { benchExpert } from "./accounts.ts";
import { recordFigure } from "./results.ts";

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
// To study one page: BENCH_LIGHTHOUSE_ONLY=chat (a word of the page's label) and BENCH_LIGHTHOUSE_SAVE=dir
// (each run's Lighthouse JSON and its Chromium trace, written there).
const ONLY = process.env.BENCH_LIGHTHOUSE_ONLY;
const SAVE = process.env.BENCH_LIGHTHOUSE_SAVE;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

const db = await startEphemeralDb();
console.log("building the app for Lighthouse…");
const app = await serveBuiltApp(
  "bench-lighthouse",
  {
    DATABASE_URL: db.url,
    DB_WS_PROXY: `127.0.0.1:${db.wsPort}`,
    APP_ENV: "test",
    ENABLE_TEST_MODELS: "1",
  },
  benchServing(),
);
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
const rows: string[][] = [];
const results = new Map<string, string>();

try {
  // A signed-in expert, written straight to the database.
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const { token } = await benchExpert(client, "lighthouse@bench.test");
  await client.end();
  // As a signed-in browser holds them: the session, and the hint the boot script reads (src/domain/sessions.ts).
  const cookie = `session=${token}; signed_in=1`;
  const headers = { Cookie: cookie, "Content-Type": "application/json", Origin: app.url };

  // A chat with an answer, shared when the app can share (the sharing routes may not exist yet).
  const started = await fetch(`${app.url}/api/chat/new`, {
    method: "POST",
    headers,
    body: JSON.stringify({ assistantId: "default", model: "test", content: "Show me a table and some math" }),
  });
  const { chat } = (await started.json()) as { chat: { id: number } };
  await (await fetch(`${app.url}/api/chat/${chat.id}/stream`, { headers })).text();
  const share = await fetch(`${app.url}/api/chat/share`, {
    method: "POST",
    headers,
    body: JSON.stringify({ chatId: chat.id }),
  });
  const sharedPath = share.ok
    ? new URL(((await share.json()) as { url: string }).url, app.url).pathname
    : null;

  type Page = [label: string, path: string, signedIn: boolean, desktop?: boolean];
  const pages: Page[] = [
    ["home `/`", "/", false],
    ["home `/`, desktop", "/", false, true],
    ["`/pricing`", "/pricing", false],
    ["chat screen `/app/a/default`, signed in", "/app/a/default", true],
    ["a chat with an answer, signed in", `/app/a/default/c/${chat.id}`, true],
    ...(sharedPath ? ([["a shared chat", sharedPath, false]] as Page[]) : []),
  ];
  for (const [label, path, signedIn, desktop] of pages) {
    if (ONLY && !label.includes(ONLY)) continue;
    // In the browser's own cookie jar, as after a sign-in: the page's scripts read the signed-in hint.
    await browserCookies(chrome.port, signedIn ? { url: app.url, cookie } : null);
    const scores: number[] = [];
    const fcp: number[] = [];
    const lcp: number[] = [];
    const tbt: number[] = [];
    const failed: string[] = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(
        `${app.url}${path}`,
        {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance"],
          ...(desktop ? {} : { formFactor: "mobile" as const }),
        },
        desktop ? desktopConfig : undefined,
      );
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse gave no result for ${path}`);
      if (SAVE) {
        mkdirSync(SAVE, { recursive: true });
        const name = `${label.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "")}-${i + 1}.json`;
        writeFileSync(join(SAVE, name), JSON.stringify(lhr));
        const trace = (result.artifacts as { Trace?: unknown }).Trace;
        if (trace) writeFileSync(join(SAVE, name.replace(/\.json$/, ".trace.json")), JSON.stringify(trace));
      }
      const score = lhr.categories.performance?.score;
      if (lhr.runtimeError || score === null || score === undefined) {
        failed.push(lhr.runtimeError?.code ?? "no score");
        continue;
      }
      scores.push(Math.round(score * 100));
      fcp.push(lhr.audits["first-contentful-paint"]?.numericValue ?? Number.NaN);
      lcp.push(lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN);
      tbt.push(lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN);
    }
    rows.push([
      label,
      String(median(scores)),
      `${(median(fcp) / 1000).toFixed(1)} s`,
      `${(median(lcp) / 1000).toFixed(1)} s`,
      `${median(tbt).toFixed(0)} ms`,
      [...scores.map(String), ...failed.map((code) => `failed (${code})`)].join(", "),
    ]);
    results.set(path + (desktop ? " desktop" : ""), scores.length > 0 ? String(median(scores)) : "no score");
    if (label === "a chat with an answer, signed in") results.set("answer", results.get(path) ?? "no score");
    if (label === "a shared chat") results.set("shared", results.get(path) ?? "no score");
  }
} finally {
  chrome.kill();
  await app.stop();
  await db.close();
}

console.log(
  `\nLighthouse 13, mobile (simulated throttling), median of ${RUNS}, production build in Chromium\n`,
);
console.log("| page | performance | FCP | LCP | TBT | runs |\n|---|---|---|---|---|---|");
for (const r of rows) console.log(`| ${r.join(" | ")} |`);
/** Sets the browser's cookies for `url` from a Cookie header's pairs (through the DevTools protocol), or clears them all. */
async function browserCookies(port: number, set: { url: string; cookie: string } | null): Promise<void> {
  const { webSocketDebuggerUrl } = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  const send = (id: number, method: string, params: unknown) =>
    new Promise<void>((resolve, reject) => {
      socket.addEventListener("message", (event) => {
        const reply = JSON.parse(String(event.data)) as { id?: number; error?: { message: string } };
        if (reply.id !== id) return;
        if (reply.error) reject(new Error(`${method}: ${reply.error.message}`));
        else resolve();
      });
      socket.send(JSON.stringify({ id, method, params }));
    });
  try {
    await send(1, "Storage.clearCookies", {});
    if (set) {
      const cookies = set.cookie.split("; ").map((pair) => {
        const [name = "", value = ""] = pair.split("=");
        return { name, value, url: set.url };
      });
      await send(2, "Storage.setCookies", { cookies });
    }
  } finally {
    socket.close();
  }
}

// A partial run (BENCH_LIGHTHOUSE_ONLY) leaves the recorded figures alone.
if (!ONLY) recordFigure("lighthouseChat", results.get("/app/a/default") ?? "no score");
if (!ONLY)
  recordFigure(
    "lighthouseHome",
    `${results.get("/") ?? "no score"} / ${results.get("/ desktop") ?? "no score"}`,
  );
if (!ONLY) {
  recordFigure("lighthousePricing", results.get("/pricing") ?? "no score");
  recordFigure("lighthouseAnswer", results.get("answer") ?? "no score");
  recordFigure("lighthouseShared", results.get("shared") ?? "no score");
}
