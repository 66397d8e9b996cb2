// The error screen's catalogue keys per status, and crawler detection.
import { describe, expect, it } from "vitest";
import { errorKey, isCrawler } from "../../src/domain/error-status.ts";

describe("the error screen", () => {
  it("has its own wording for 400, 401, 403, 404, 500, 503 and a generic one otherwise", () => {
    expect([400, 401, 403, 404, 500, 503].map(errorKey)).toEqual(["400", "401", "403", "404", "500", "503"]);
    expect(errorKey(418)).toBe("default");
    expect(errorKey(502)).toBe("default");
  });

  it.each([
    ["Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", true],
    ["Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)", true],
    ["facebookexternalhit/1.1", true],
    ["Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2)", true],
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0 Safari/537.36",
      false,
    ],
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148", false],
  ])("%s is a crawler: %s", (ua, crawler) => {
    expect(isCrawler(ua)).toBe(crawler);
  });
});
