// The picker groups for the current assistant: its own models configuration when it has one, else the user's,
// limited to what the deployment offers.
import { useMemo } from "react";
import { pickerGroups } from "../../src/domain/chat/model-picker";
import { cleanModelsConfiguration } from "../../src/domain/models";
import { useAssistants } from "../hooks/use-assistants";
import type { User } from "../hooks/use-user";

/** An assistant overrides the user's models only when it lists some. */
const overrides = (configuration: unknown): boolean =>
  typeof configuration === "object" &&
  configuration !== null &&
  Object.values(configuration).some((list) => Array.isArray(list) && list.length > 0);

export function usePickerGroups(user: User, assistantId: string, currentModel: string | null) {
  const assistants = useAssistants();
  const own =
    assistantId === "default"
      ? undefined
      : assistants.data?.find((assistant) => String(assistant.id) === assistantId)?.modelsConfiguration;
  const configuration = useMemo(
    () => (overrides(own) ? cleanModelsConfiguration(own) : user.modelsConfiguration),
    [own, user.modelsConfiguration],
  );
  return useMemo(
    () => pickerGroups(configuration, user.usagePlan, currentModel, user.models.available),
    [configuration, user.usagePlan, currentModel, user.models.available],
  );
}
