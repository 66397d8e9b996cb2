// Saving preferences: language, models order, and the release-note and onboarding flags (SPEC §7).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Locale } from "../../src/domain/locales";
import type { ModelsConfiguration } from "../../src/domain/models";
import { api, readJson } from "../lib/api";
import { type SessionUser, userKeys } from "./use-user";

export function useSaveModelsConfiguration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (modelsConfiguration: ModelsConfiguration) =>
      readJson(api.api.user.preferences.saveModelsConfiguration.$post({ json: { modelsConfiguration } })),
    // Shown at once; the server's cleaned lists replace it, and a failure brings the saved order back.
    onMutate: (modelsConfiguration) => {
      const previous = client.getQueryData<SessionUser | null>(userKeys.session());
      if (previous?.verified) client.setQueryData(userKeys.session(), { ...previous, modelsConfiguration });
      return { previous };
    },
    onError: (_error, _variables, context) => client.setQueryData(userKeys.session(), context?.previous),
    onSettled: () => client.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** The language of a signed-in user, kept on the server too; a failure is only logged. */
export async function saveLanguage(lang: Locale): Promise<void> {
  try {
    await readJson(api.api.user.preferences.saveLanguage.$post({ json: { lang } }));
  } catch (error) {
    console.error("Failed to save the language", error);
  }
}

/** SPEC §7: a failure is logged only. */
export async function saveLastReleaseNote(): Promise<void> {
  try {
    await readJson(api.api.user.preferences.saveLastReleaseNote.$get());
  } catch (error) {
    console.error("Failed to save the release note date", error);
  }
}

/** SPEC §7: a failure is logged only. */
export async function saveHasSeenOnboardingTips(): Promise<void> {
  try {
    await readJson(api.api.user.preferences.saveHasSeenOnboardingTips.$get());
  } catch (error) {
    console.error("Failed to save the onboarding flag", error);
  }
}
