// The first loads the Worker writes into an app page's head: the page the boot script would pick, same files.
import { readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import {
  catalogueFiles,
  encodeRoutePlan,
  mathStylesheet,
  parseRoutePlan,
  planPath,
  preloadTags,
  type RoutePlan,
  routeFiles,
} from "../../src/domain/route-preload";

const plan: RoutePlan = {
  routes: [
    ["^/$", 0, [], ["common", "home"]],
    ["^/login$", 1, [["/api/login/user"]], ["common"]],
    ["^/app/a/(?<assistantId>default|\\d+)$", 2, [["/api/login/user"]], ["common", "app", "chat"]],
    [
      "^/app/a/(?<assistantId>default|\\d+)/c/(?<chatId>\\d+)$",
      3,
      [["/api/chat/{chatId}?limit=60"]],
      ["common", "app", "chat"],
    ],
    ["^/app/broken$", 9, []],
  ],
  lists: [
    [],
    ["/assets/login-a1.js"],
    ["/assets/app-b2.js", "/assets/chat-screen-c3.js", "/assets/app-d4.css"],
    ["/assets/app-b2.js", "/assets/markdown-view-e5.js", "https://elsewhere.test/x.js", '/assets/a"b.js'],
  ],
};

describe("planPath", () => {
  it.each([
    ["/", "/"],
    ["/app/a/default/", "/app/a/default"],
    ["/fr/app/a/default", "/app/a/default"],
    ["/fr", "/"],
    ["/en/app/a/default", "/en/app/a/default"],
    ["/de/app/a/7/c/9/", "/app/a/7/c/9"],
  ])("%s → %s", (pathname, path) => {
    expect(planPath(pathname)).toBe(path);
  });
});

describe("routeFiles", () => {
  it.each([
    ["/", []],
    ["/login", ["/assets/login-a1.js"]],
    ["/app/a/default", ["/assets/app-b2.js", "/assets/chat-screen-c3.js", "/assets/app-d4.css"]],
    ["/it/app/a/12/", ["/assets/app-b2.js", "/assets/chat-screen-c3.js", "/assets/app-d4.css"]],
    // Only our own assets are written into the page.
    ["/app/a/default/c/42", ["/assets/app-b2.js", "/assets/markdown-view-e5.js"]],
    ["/app/a/nope", []],
    ["/app/broken", []],
    ["/no/such/page", []],
  ])("%s", (pathname, files) => {
    expect(routeFiles(plan, pathname)).toEqual(files);
  });
});

const texts: RoutePlan = {
  ...plan,
  lists: [
    ...plan.lists,
    ["/assets/common-en1.js"],
    ["/assets/texts-en2.js"],
    ["/assets/common-fr3.js"],
    ["/assets/home-en4.js"],
  ],
  catalogues: {
    en: { common: 4, app: 5, chat: 5, account: 5, errors: 5, home: 7 },
    fr: { common: 6, app: 99 },
    de: { common: 3 },
  },
};

describe("catalogueFiles", () => {
  it.each([
    // An assistant's screens show the chat's texts, all in one chunk.
    ["/app/a/default", "en", ["/assets/common-en1.js", "/assets/texts-en2.js"]],
    ["/fr/app/a/7/c/9", "en", ["/assets/common-en1.js", "/assets/texts-en2.js"]],
    // A page outside the app shows the common texts, and its own where it has them.
    ["/login", "en", ["/assets/common-en1.js"]],
    ["/", "en", ["/assets/common-en1.js", "/assets/home-en4.js"]],
    // A page the plan lacks, or names no texts for.
    ["/nowhere", "en", []],
    ["/app/broken", "en", []],
    // A list the plan lacks is skipped; only our own assets are written into the page.
    ["/app/a/default", "fr", ["/assets/common-fr3.js"]],
    ["/app/a/default", "de", ["/assets/app-b2.js", "/assets/markdown-view-e5.js"]],
    ["/app/a/default", "pl", []],
    ["/app/a/default", "__proto__", []],
  ])("%s in %s", (pathname, locale, files) => {
    expect(catalogueFiles(texts, pathname, locale)).toEqual(files);
  });

  it("finds none in a plan without catalogues", () => {
    expect(catalogueFiles(plan, "/app/a/default", "en")).toEqual([]);
  });
});

describe("parseRoutePlan", () => {
  it.each([
    ["{}", null],
    ["not json", null],
    ["null", null],
    ['{"routes":[],"lists":{}}', null],
    ['{"routes":[],"lists":[]}', { routes: [], lists: [] }],
    [
      "{&quot;routes&quot;:[],&quot;lists&quot;:[[&quot;/a&amp;quot;&quot;]]}",
      { routes: [], lists: [["/a&quot;"]] },
    ],
  ])("%s", (content, parsed) => {
    expect(parseRoutePlan(content)).toEqual(parsed);
  });

  it("reads back what the build writes", () => {
    expect(parseRoutePlan(encodeRoutePlan(plan))).toEqual(plan);
  });
});

describe("preloadTags", () => {
  it("asks for each file as the entry's loader does", () => {
    expect(preloadTags(["/assets/app-b2.js", "/assets/app-d4.css"])).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/app-b2.js">' +
        '<link rel="preload" as="style" crossorigin href="/assets/app-d4.css">',
    );
    expect(preloadTags([])).toBe("");
  });

  it("puts them behind the page's own first loads when asked to", () => {
    expect(preloadTags(["/assets/app-b2.js", "/assets/app-d4.css"], { low: true })).toBe(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/app-b2.js">' +
        '<link rel="preload" as="style" crossorigin fetchpriority="low" href="/assets/app-d4.css">',
    );
  });
});

const bootScript = readFileSync(new URL("../../public/theme-boot.js", import.meta.url), "utf8");

/** As the build writes a plan: only our own assets in its lists. */
const built: RoutePlan = {
  ...texts,
  lists: texts.lists.map((files) => files.filter((file) => /^\/assets\/[\w.-]+\.(?:js|css)$/.test(file))),
};

/**
 * What public/theme-boot.js preloads and reads on this page, given the plan (and the Worker's mark), once
 * its first frame is out.
 */
function bootLoads(pathname: string, preloaded: boolean, { cookie = "", languages = [] as string[] } = {}) {
  const links: { rel: string; as?: string; href: string }[] = [];
  const reads: string[] = [];
  const later: (() => void)[] = [];
  const meta = {
    getAttribute: (name: string) => (name === "content" ? JSON.stringify(built) : null),
    hasAttribute: (name: string) => name === "data-preloaded" && preloaded,
  };
  runInNewContext(bootScript, {
    window: {
      matchMedia: () => ({ matches: false }),
      requestAnimationFrame: (run: () => void) => later.push(run),
    },
    setTimeout: (run: () => void) => later.push(run),
    location: { pathname },
    navigator: { languages },
    localStorage: { getItem: () => null },
    performance: { now: () => 0 },
    fetch: (url: string) => {
      reads.push(url);
      return Promise.resolve();
    },
    document: {
      cookie,
      documentElement: { setAttribute: () => {}, style: {} },
      querySelector: (selector: string) => (selector === 'meta[name="route-preload"]' ? meta : null),
      createElement: () => ({}),
      head: { appendChild: (link: { rel: string; as?: string; href: string }) => links.push(link) },
    },
  });
  for (let run = later.shift(); run; run = later.shift()) run();
  return { links, reads };
}

describe("the boot script (public/theme-boot.js), the Worker's twin in the browser", () => {
  it.each(["/app/a/default", "/fr/app/a/12/", "/app/a/default/c/42", "/app/a/nope", "/login", "/"])(
    "preloads on %s what routeFiles and catalogueFiles name, unless the Worker wrote it; its reads start either way",
    (pathname) => {
      const { links, reads } = bootLoads(pathname, false);
      const locale = pathname.startsWith("/fr/") ? "fr" : "en";
      expect(links.map((link) => link.href)).toEqual([
        ...routeFiles(built, pathname),
        ...catalogueFiles(built, pathname, locale),
      ]);
      expect(links.map((link) => link.rel)).toEqual(
        links.map((link) => (link.href.endsWith(".css") ? "preload" : "modulepreload")),
      );
      const marked = bootLoads(pathname, true);
      expect(marked.links).toEqual([]);
      expect(marked.reads).toEqual(reads);
    },
  );

  it.each([
    ["the cookie's", "locale=fr", [], "fr"],
    ["the browser's", "", ["fr-CA", "en"], "fr"],
    ["English", "locale=xx", ["xx"], "en"],
  ])("preloads the texts of %s language, as the Worker would", (_name, cookie, languages, locale) => {
    const hrefs = bootLoads("/app/a/default", false, { cookie, languages }).links.map((link) => link.href);
    expect(hrefs).toEqual([
      ...routeFiles(built, "/app/a/default"),
      ...catalogueFiles(built, "/app/a/default", locale),
    ]);
    expect(catalogueFiles(built, "/app/a/default", locale)).not.toEqual([]);
  });
});

describe("mathStylesheet", () => {
  it.each([
    [
      { routes: [], lists: [], mathStyles: "/assets/katex-loader-Ab1_2.css" },
      "/assets/katex-loader-Ab1_2.css",
    ],
    [{ routes: [], lists: [] }, null],
    // Only a stylesheet of our own assets goes into a page.
    [{ routes: [], lists: [], mathStyles: "https://cdn.example/katex.css" }, null],
    [{ routes: [], lists: [], mathStyles: "/assets/katex.js" }, null],
    [{ routes: [], lists: [], mathStyles: "/assets/../x.css" }, null],
    [null, null],
  ] as [RoutePlan | null, string | null][])("%j → %s", (plan, href) => {
    expect(mathStylesheet(plan)).toBe(href);
  });
});
