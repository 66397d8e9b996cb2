// Preferences: the two SPEC §7 saves, language, models configuration (cleaned) and assistants configuration.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { userPreferences } from "../../drizzle/schema";
import { defaultModelsConfiguration } from "../../src/domain/models";
import { LATEST_RELEASE_NOTE_DATE } from "../../src/domain/release-notes";
import { call, createAccount, errorOf, ORIGIN, withDb } from "./support/accounts";

const userOf = async (cookie: string) =>
  (await (await call("/api/login/user", { cookie })).json()) as Record<string, unknown>;

describe("GET /api/user/preferences/saveLastReleaseNote and saveHasSeenOnboardingTips", () => {
  it("save the latest release date and the onboarding flag, as the user object then shows", async () => {
    const account = await createAccount();
    const headers = { "Sec-Fetch-Site": "same-origin" };
    const note = await call("/api/user/preferences/saveLastReleaseNote", { cookie: account.cookie, headers });
    expect(note.status).toBe(200);
    const tips = await call("/api/user/preferences/saveHasSeenOnboardingTips", {
      cookie: account.cookie,
      headers,
    });
    expect(tips.status).toBe(200);
    const body = await userOf(account.cookie);
    expect(body.lastReleaseNoteDateChecked).toBe(LATEST_RELEASE_NOTE_DATE);
    expect(body.hasSeenOnboardingTips).toBe(true);
  });

  it("refuse a request another site started", async () => {
    const account = await createAccount();
    const res = await call("/api/user/preferences/saveHasSeenOnboardingTips", {
      cookie: account.cookie,
      headers: { "Sec-Fetch-Site": "cross-site" },
    });
    expect(res.status).toBe(403);
    expect((await userOf(account.cookie)).hasSeenOnboardingTips).toBe(false);
  });

  it.each([
    ["neither Sec-Fetch-Site, Origin, Referer nor the app's header", {}],
    ["a Referer of another site", { Referer: "https://evil.example/page" }],
    ["an Origin of another site", { Origin: "https://evil.example" }],
    ["a Referer that is not a URL", { Referer: "not a url" }],
    ["the app's header with another value", { "X-Switchboard-Request": "yes" }],
  ])("without Sec-Fetch-Site (an older browser), refuse a request with %s", async (_label, headers) => {
    const account = await createAccount();
    const res = await call("/api/user/preferences/saveHasSeenOnboardingTips", {
      cookie: account.cookie,
      headers,
    });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).message).toMatch(/cross-site|come from the app/i);
    expect((await userOf(account.cookie)).hasSeenOnboardingTips).toBe(false);
  });

  it.each([
    ["Sec-Fetch-Site same-origin", { "Sec-Fetch-Site": "same-origin" }],
    ["a same-origin Referer", { Referer: `${ORIGIN}/app/a/default` }],
    ["a same-origin Origin", { Origin: ORIGIN }],
    ["the app's own header", { "X-Switchboard-Request": "1" }],
  ])("accept a request with %s", async (_label, headers) => {
    const account = await createAccount();
    const res = await call("/api/user/preferences/saveHasSeenOnboardingTips", {
      cookie: account.cookie,
      headers,
    });
    expect(res.status).toBe(200);
    expect((await userOf(account.cookie)).hasSeenOnboardingTips).toBe(true);
  });

  it("401 signed out", async () => {
    expect((await call("/api/user/preferences/saveLastReleaseNote")).status).toBe(401);
  });
});

describe("POST /api/user/preferences/saveLanguage", () => {
  it("saves one of the nine locales", async () => {
    const account = await createAccount();
    const res = await call("/api/user/preferences/saveLanguage", {
      body: { lang: "pl" },
      cookie: account.cookie,
    });
    expect(res.status).toBe(200);
    const [row] = await withDb((db) =>
      db.select().from(userPreferences).where(eq(userPreferences.userId, account.id)),
    );
    expect(row?.lang).toBe("pl");
  });

  it.each([["xx"], ["EN"], [""], [3]])("400 for the language %j", async (lang) => {
    const account = await createAccount();
    const res = await call("/api/user/preferences/saveLanguage", { body: { lang }, cookie: account.cookie });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toContain("en, fr, it, es, de, pt, pl, ca, ro");
  });
});

describe("POST /api/user/preferences/saveModelsConfiguration", () => {
  it("keeps the user's order, drops unknown labels and returns the cleaned configuration", async () => {
    const account = await createAccount();
    const defaults = defaultModelsConfiguration();
    const [first, second] = [defaults.text[0] ?? "", defaults.text[1] ?? ""];
    const res = await call("/api/user/preferences/saveModelsConfiguration", {
      body: { modelsConfiguration: { text: [second, "no-such-model", first] } },
      cookie: account.cookie,
    });
    expect(res.status).toBe(200);
    const saved = ((await res.json()) as { modelsConfiguration: { text: string[] } }).modelsConfiguration;
    expect(saved.text.slice(0, 2)).toEqual([second, first]);
    expect(saved.text).not.toContain("no-such-model");
    const body = (await userOf(account.cookie)) as {
      modelsConfiguration: { text: string[]; image: string[] };
    };
    expect(body.modelsConfiguration.text.slice(0, 2)).toEqual([second, first]);
    expect(body.modelsConfiguration.image).toEqual(defaults.image);
  });

  it.each([
    ["a list that is not a list", { modelsConfiguration: { text: "gpt" } }],
    ["an unknown group", { modelsConfiguration: { audio: [] } }],
    ["no configuration", {}],
  ])("400 for %s", async (_label, body) => {
    const account = await createAccount();
    const res = await call("/api/user/preferences/saveModelsConfiguration", { body, cookie: account.cookie });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("invalid_input");
  });
});

describe("POST /api/user/preferences/saveAssistantsConfiguration", () => {
  it("stores the object and the user object returns it", async () => {
    const account = await createAccount();
    const assistantsConfiguration = { order: [3, 1, 2], pinned: [1] };
    const res = await call("/api/user/preferences/saveAssistantsConfiguration", {
      body: { assistantsConfiguration },
      cookie: account.cookie,
    });
    expect(res.status).toBe(200);
    expect((await userOf(account.cookie)).assistantsConfiguration).toEqual(assistantsConfiguration);
  });

  it.each([
    ["a string", { assistantsConfiguration: "x" }],
    ["something too large", { assistantsConfiguration: { blob: "x".repeat(30_000) } }],
  ])("400 for %s", async (_label, body) => {
    const account = await createAccount();
    const res = await call("/api/user/preferences/saveAssistantsConfiguration", {
      body,
      cookie: account.cookie,
    });
    expect(res.status).toBe(400);
  });
});
