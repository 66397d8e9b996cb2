// Saving preferences: language, models order, and the release-note and onboarding flags (SPEC §7).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { APP_REQUEST_HEADER } from "../../src/domain/api-access";
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

/**
 * SPEC §7 makes these saves GETs; the Worker takes them only from our pages. Browsers say so with
 * Sec-Fetch-Site; our header covers those that send neither it nor an Origin on a same-origin GET.
 */
const FROM_THE_APP = { headers: { [APP_REQUEST_HEADER]: "1" } };

/** SPEC §7: a failure is logged only. */
export async function saveLastReleaseNote(): Promise<void> {
  try {
    await readJson(api.api.user.preferences.saveLastReleaseNote.$get(undefined, FROM_THE_APP));
  } catch (error) {
    console.error("Failed to save the release note date", error);
  }
}

/** SPEC §7: a failure is logged only. */
export async function saveHasSeenOnboardingTips(): Promise<void> {
  try {
    await readJson(api.api.user.preferences.saveHasSeenOnboardingTips.$get(undefined, FROM_THE_APP));
  } catch (error) {
    console.error("Failed to save the onboarding flag", error);
  }
}
