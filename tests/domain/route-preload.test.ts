// The first loads the Worker writes into an app page's head: the page the boot script would pick, same files.
import { describe, expect, it } from "vitest";
import {
  encodeRoutePlan,
  parseRoutePlan,
  planPath,
  preloadTags,
  type RoutePlan,
  routeFiles,
} from "../../src/domain/route-preload";

const plan: RoutePlan = {
  routes: [
    ["^/$", 0, []],
    ["^/login$", 1, [["/api/login/user"]]],
    ["^/app/a/(?<assistantId>default|\\d+)$", 2, [["/api/login/user"]]],
    ["^/app/a/(?<assistantId>default|\\d+)/c/(?<chatId>\\d+)$", 3, [["/api/chat/{chatId}?limit=60"]]],
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
});
