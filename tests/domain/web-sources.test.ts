// An answer's web sources as the chat and the first frame show them: the site, the link, each page once.
import { describe, expect, it } from "vitest";
import { sourceHost, sourceHref, uniqueSources } from "../../src/domain/chat/web-sources";

describe("a web source's chip", () => {
  it.each([
    ["https://www.example.com/a?b=1", "example.com", "https://www.example.com/a?b=1"],
    ["http://docs.example.org/", "docs.example.org", "http://docs.example.org/"],
    ["HTTPS://Example.com/", "example.com", "HTTPS://Example.com/"],
    ["javascript:alert(1)", "", undefined],
    ["data:text/html,<b>x</b>", "", undefined],
    ["not an address", "not an address", undefined],
    ["ftp://files.example.com/x", "files.example.com", undefined],
  ])("%s → site %j, link %j", (url, host, href) => {
    expect(sourceHost(url)).toBe(host);
    expect(sourceHref(url)).toBe(href);
  });

  it("lists each page once, where the search first gave it", () => {
    const sources = [
      { url: "https://a.test/", title: "A" },
      { url: "https://b.test/" },
      { url: "https://a.test/", title: "A again" },
    ];
    expect(uniqueSources(sources)).toEqual([sources[0], sources[1]]);
  });
});
