// The user's preferences: release note and onboarding flags (SPEC §7), language, models and assistants setup.
import { Hono } from "hono";
import { z } from "zod";
import { savePreferences } from "../db/preferences";
import { LOCALES } from "../domain/locales";
import { cleanModelsConfiguration } from "../domain/models";
import { LATEST_RELEASE_NOTE_DATE } from "../domain/release-notes";
import type { AssistantsConfiguration } from "../domain/user";
import type { AppEnv } from "../env";
import { sameOriginGet } from "../middleware/same-origin";
import { signedInUser } from "../middleware/session";
import { validate } from "../middleware/validate";
import { modelsConfigurationSchema } from "./schemas";

const MAX_ASSISTANTS_CONFIGURATION_CHARS = 20_000;

const userId = (c: { var: AppEnv["Variables"] }) => signedInUser(c).id;

const languageBody = z.object({
  lang: z.enum(LOCALES, { error: `The language must be one of ${LOCALES.join(", ")}.` }),
});

const modelsBody = z.object({ modelsConfiguration: modelsConfigurationSchema });

const assistantsBody = z.object({
  assistantsConfiguration: z
    .union([z.record(z.string(), z.unknown()), z.array(z.unknown())], {
      error: "The assistants configuration is a JSON object or array.",
    })
    .refine((value) => JSON.stringify(value).length <= MAX_ASSISTANTS_CONFIGURATION_CHARS, {
      message: `The assistants configuration must stay under ${MAX_ASSISTANTS_CONFIGURATION_CHARS} characters.`,
    }),
});

// SPEC §7 makes the two flag saves GETs: sameOriginGet keeps other sites from triggering them.
export const preferencesRoutes = new Hono<AppEnv>()
  .get("/saveLastReleaseNote", sameOriginGet(), async (c) => {
    const date = new Date(LATEST_RELEASE_NOTE_DATE);
    await savePreferences(c.var.db(), { userId: userId(c), patch: { lastReleaseNoteDateChecked: date } });
    return c.json({ ok: true as const, lastReleaseNoteDateChecked: date.toISOString() });
  })

  .get("/saveHasSeenOnboardingTips", sameOriginGet(), async (c) => {
    await savePreferences(c.var.db(), { userId: userId(c), patch: { hasSeenOnboardingTips: true } });
    return c.json({ ok: true as const, hasSeenOnboardingTips: true as const });
  })

  .post("/saveLanguage", validate("json", languageBody), async (c) => {
    const { lang } = c.req.valid("json");
    await savePreferences(c.var.db(), { userId: userId(c), patch: { lang } });
    return c.json({ ok: true as const, lang });
  })

  .post("/saveModelsConfiguration", validate("json", modelsBody), async (c) => {
    const modelsConfiguration = cleanModelsConfiguration(c.req.valid("json").modelsConfiguration);
    await savePreferences(c.var.db(), { userId: userId(c), patch: { modelsConfiguration } });
    return c.json({ ok: true as const, modelsConfiguration });
  })

  .post("/saveAssistantsConfiguration", validate("json", assistantsBody), async (c) => {
    const assistantsConfiguration: AssistantsConfiguration = c.req.valid("json").assistantsConfiguration;
    await savePreferences(c.var.db(), { userId: userId(c), patch: { assistantsConfiguration } });
    return c.json({ ok: true as const, assistantsConfiguration });
  });
