// Locale negotiation, the locale cookie and path prefixes (SPEC §2).
import { describe, expect, it } from "vitest";
import {
  acceptedLanguages,
  initialLocale,
  localeCookie,
  localizePath,
  negotiateLocale,
  readerLocale,
  readLocaleCookie,
  relocalizePath,
  requestLocaleOf,
  splitLocalePath,
} from "../../src/domain/locale-routing.ts";

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

describe("relocalizePath", () => {
  it.each([
    ["/app/chat", "fr", "/fr/app/chat"],
    ["/de/app/chat?x=1#top", "fr", "/fr/app/chat?x=1#top"],
    ["/fr/app/chat", "en", "/app/chat"],
    ["/fr", "de", "/de"],
    ["/", "fr", "/fr"],
    ["/pl/app/c/12?q=a/b", "pl", "/pl/app/c/12?q=a/b"],
  ] as const)("%s in %s → %s", (path, locale, expected) => {
    expect(relocalizePath(path, locale)).toBe(expected);
  });
});

describe("a page whose address names no language (a shared page)", () => {
  it.each([
    ["", "fr-CH, fr;q=0.9, en;q=0.8", "fr"],
    ["", "zh-CN,zh;q=0.9,de;q=0.5", "de"],
    ["", "", "en"],
    ["session=abc; locale=pl", "fr", "pl"],
    ["locale=xx", "it", "it"],
  ])("cookie %j and Accept-Language %j read in %s", (cookie, accept, locale) => {
    expect(readerLocale(cookie, accept)).toBe(locale);
  });

  it("takes the header's tags in order, without their weights", () => {
    expect(acceptedLanguages("fr-CH, fr;q=0.9,en;q=0.8")).toEqual(["fr-CH", "fr", "en"]);
  });
});

describe("a request from a page of the app (what its mails and return addresses speak)", () => {
  it.each([
    ["de", "locale=fr", "en", "de"],
    ["en", "locale=pl", "pl", "en"],
    ["xx", "locale=fr", "de", "fr"],
    ["", "", "es-MX, es", "es"],
    ["DE", "", "it", "it"],
  ])("page %j, cookie %j and Accept-Language %j read in %s", (page, cookie, accept, locale) => {
    expect(requestLocaleOf(page, cookie, accept)).toBe(locale);
  });
});
