// Locale negotiation, the pricing query, prices, avatar initials, error keys and crawler detection.
import { describe, expect, it } from "vitest";
import { avatarInitials, nameFromEmail } from "../../src/domain/avatar.ts";
import { errorKey, isCrawler } from "../../src/domain/error-status.ts";
import {
  initialLocale,
  localeCookie,
  localizePath,
  negotiateLocale,
  readLocaleCookie,
  splitLocalePath,
} from "../../src/domain/locale-routing.ts";
import {
  monthlyTotal,
  parsePricingQuery,
  pricingQueryString,
  seatPrice,
  yearlySavingPercent,
} from "../../src/domain/pricing.ts";

describe("locales", () => {
  it.each([
    [["fr-FR", "en"], "fr"],
    [["pt-BR"], "pt"],
    [["ca-ES", "es"], "ca"],
    [["zh-CN", "de"], "de"],
    [["zh-CN"], "en"],
    [[], "en"],
    [["RO"], "ro"],
  ])("browser languages %j → %s", (languages, locale) => {
    expect(negotiateLocale(languages)).toBe(locale);
  });

  it("splits and builds prefixed paths, English unprefixed", () => {
    expect(splitLocalePath("/fr/pricing")).toEqual({ locale: "fr", prefix: "/fr", path: "/pricing" });
    expect(splitLocalePath("/fr")).toEqual({ locale: "fr", prefix: "/fr", path: "/" });
    expect(splitLocalePath("/pricing")).toEqual({ locale: "en", prefix: "", path: "/pricing" });
    expect(splitLocalePath("/free")).toEqual({ locale: "en", prefix: "", path: "/free" });
    expect(localizePath("fr", "/")).toBe("/fr");
    expect(localizePath("de", "/app/a/default")).toBe("/de/app/a/default");
    expect(localizePath("en", "/pricing")).toBe("/pricing");
  });

  it("sends an unprefixed first visit to the cookie's locale, else the browser's; a prefix wins", () => {
    expect(initialLocale("/pricing", "?plan=expert", "", ["it-IT"])).toMatchObject({
      locale: "it",
      redirectTo: "/it/pricing?plan=expert",
    });
    expect(initialLocale("/", "", "a=b; locale=pl", ["it-IT"])).toMatchObject({
      locale: "pl",
      redirectTo: "/pl",
    });
    expect(initialLocale("/", "", "locale=en", ["it-IT"])).toEqual({ locale: "en", prefix: "", path: "/" });
    expect(initialLocale("/fr/pricing", "", "locale=de", ["it"])).toEqual({
      locale: "fr",
      prefix: "/fr",
      path: "/pricing",
    });
    expect(initialLocale("/en/pricing", "?x=1", "", ["fr"])).toMatchObject({
      locale: "en",
      redirectTo: "/pricing?x=1",
    });
  });

  it("keeps the choice in a cookie for 365 days", () => {
    expect(localeCookie("ro", true)).toBe("locale=ro; Max-Age=31536000; Path=/; SameSite=Lax; Secure");
    expect(readLocaleCookie("x=1; locale=ro")).toBe("ro");
    expect(readLocaleCookie("locale=xx")).toBeNull();
  });
});

describe("the pricing query", () => {
  it("reads users, plan, yearly and seeDetails; a team needs both users and plan", () => {
    expect(parsePricingQuery("?plan=expert&users=3&yearly=true&seeDetails=false")).toEqual({
      plan: "expert",
      users: 3,
      yearly: true,
      seeDetails: false,
      team: { users: 3, plan: "expert" },
    });
    expect(parsePricingQuery("?plan=standard")).toEqual({ plan: "standard", team: null });
    expect(parsePricingQuery("?users=4")).toEqual({ users: 4, team: null });
  });

  it.each([
    "?users=abc",
    "?users=0",
    "?users=-2",
    "?users=2.5",
    "?users=",
    "?plan=gold",
    "?plan=Expert",
    "?yearly=yes",
    "?seeDetails=1",
  ])("ignores the unparseable %s", (search) => {
    expect(parsePricingQuery(search)).toEqual({ team: null });
  });

  it("writes back only what parsed", () => {
    expect(pricingQueryString(parsePricingQuery("?users=3&plan=expert&yearly=true&junk=1"))).toBe(
      "?users=3&plan=expert&yearly=true",
    );
    expect(pricingQueryString({})).toBe("");
  });

  it("prices a seat monthly or yearly, and a team", () => {
    expect([seatPrice("starter", false), seatPrice("starter", true)]).toEqual([10, 8.33]);
    expect([seatPrice("standard", false), seatPrice("standard", true)]).toEqual([20, 17]);
    expect([seatPrice("expert", false), seatPrice("expert", true)]).toEqual([60, 50]);
    expect(monthlyTotal("starter", true, 3)).toBe(24.99);
    expect(monthlyTotal("expert", false, 3)).toBe(180);
    expect(yearlySavingPercent("expert")).toBe(17);
  });
});

describe("avatar initials", () => {
  it.each([
    ["Ada Lovelace", "AL"],
    ["ada lovelace byron", "AL"],
    ["  grace  ", "G"],
    ["", ""],
    ["élodie martin", "ÉM"],
    ["😀 smile", "😀S"],
  ])("%j → %s", (text, initials) => {
    expect(avatarInitials(text)).toBe(initials);
  });

  it("reads an email's local part as words", () => {
    expect(avatarInitials(nameFromEmail("team-admin@demo.switchboard.test"))).toBe("TA");
    expect(avatarInitials(nameFromEmail("starter@demo.switchboard.test"))).toBe("S");
  });
});

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
