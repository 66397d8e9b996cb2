// An app page's first scripts and styles written into its head by the Worker (src/routes/app-page.ts, the
// HTMLRewriter as in production), so the browser asks for them before the boot script has run, after the
// page's own stylesheet and entry.
import { describe, expect, it } from "vitest";
import { encodeRoutePlan, type RoutePlan } from "../../src/domain/route-preload";
import { withRoutePreloads } from "../../src/routes/app-page";

const plan: RoutePlan = {
  routes: [
    ["^/app/a/(?<assistantId>default|\\d+)$", 0, [["/api/login/user"]], ["common", "app", "chat"]],
    [
      "^/app/a/(?<assistantId>default|\\d+)/c/(?<chatId>\\d+)$",
      1,
      [["/api/chat/{chatId}?limit=60"]],
      ["common", "app", "chat"],
    ],
  ],
  lists: [
    ["/assets/app-1.js", "/assets/chat-screen-2.js", "/assets/app-3.css"],
    ["/assets/app-1.js", "/assets/markdown-view-4.js"],
    ["/assets/common-en-5.js"],
    ["/assets/texts-en-6.js"],
    ["/assets/common-fr-7.js"],
    ["/assets/texts-fr-8.js"],
  ],
  catalogues: {
    en: { common: 2, app: 3, chat: 3, account: 3, errors: 3 },
    fr: { common: 4, app: 5, chat: 5, account: 5, errors: 5 },
  },
};
const page = (type = "text/html; charset=utf-8") =>
  new Response(
    `<!doctype html><html><head><meta charset="UTF-8" />\n<meta name="route-preload" content="${encodeRoutePlan(plan)}" />\n<script>boot()</script></head><body></body></html>`,
    { headers: { "Content-Type": type } },
  );

describe("an app page's head", () => {
  it("carries its first loads as preload links at its end, after its own, and marks the plan", async () => {
    const html = await withRoutePreloads(page(), "/fr/app/a/default").text();
    const links =
      '<link rel="modulepreload" crossorigin href="/assets/app-1.js">' +
      '<link rel="modulepreload" crossorigin href="/assets/chat-screen-2.js">' +
      '<link rel="preload" as="style" crossorigin href="/assets/app-3.css">' +
      '<link rel="modulepreload" crossorigin href="/assets/common-fr-7.js">' +
      '<link rel="modulepreload" crossorigin href="/assets/texts-fr-8.js">';
    expect(html).toContain('data-preloaded="" />\n<script>');
    expect(html).toContain(`<script>boot()</script>${links}</head>`);
    const chat = await withRoutePreloads(page(), "/app/a/12/c/34").text();
    expect(chat).toContain('href="/assets/markdown-view-4.js">');
    expect(chat).not.toContain('href="/assets/chat-screen-2.js"');
    expect(chat).not.toContain("fetchpriority");
    const low = await withRoutePreloads(page(), "/app/a/default", { low: true }).text();
    expect(low).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/app-1.js">',
    );
  });

  it("carries the texts of the locale the app will start in: the address's, the cookie's, the browser's", async () => {
    const texts = async (path: string, options: { cookies?: string; languages?: string[] }) =>
      [
        ...(await withRoutePreloads(page(), path, options).text()).matchAll(
          /href="\/assets\/((?:common|texts)-\w\w-)/g,
        ),
      ].map((m) => m[1]);
    expect(await texts("/app/a/default", {})).toEqual(["common-en-", "texts-en-"]);
    expect(await texts("/fr/app/a/default", { cookies: "locale=en" })).toEqual(["common-fr-", "texts-fr-"]);
    expect(await texts("/app/a/default", { cookies: "locale=fr" })).toEqual(["common-fr-", "texts-fr-"]);
    expect(await texts("/app/a/default", { languages: ["fr-CA", "en"] })).toEqual([
      "common-fr-",
      "texts-fr-",
    ]);
    // A locale the plan has no texts for (it always has them all): the page's code alone.
    expect(await texts("/app/a/default", { languages: ["de"] })).toEqual([]);
  });

  it("is left as it was for a page the plan does not know, or a response that is not a page", async () => {
    const plain = await page().text();
    const marked = plain.replace("<html>", '<html data-boot-cookies="">');
    expect(await withRoutePreloads(page(), "/app/a/nope").text()).toBe(marked);
    expect(await withRoutePreloads(page(), "/app/a/default/c/x").text()).toBe(marked);
    const other = withRoutePreloads(page("text/plain"), "/app/a/default");
    expect(await other.text()).toBe(plain);
  });

  it("carries the request's hint and locale cookies for the boot script, never the session", async () => {
    const cookies = 'session=secret-token; signed_in=1; locale=fr; locale2="><b>; theme=dark';
    for (const path of ["/app/a/default", "/app/a/12/c/34", "/app/a/nope"]) {
      const html = await withRoutePreloads(page(), path, { cookies }).text();
      expect(html).toContain('<html data-boot-cookies="signed_in=1; locale=fr">');
      expect(html).not.toContain("secret-token");
      expect(html).not.toContain("<b>");
    }
  });
});
