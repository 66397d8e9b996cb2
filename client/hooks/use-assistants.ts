// The user's assistants (SPEC §7): a failure is logged and null is used.
import { useQuery } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import { api, readJson } from "../lib/api";

export type Assistant = InferResponseType<typeof api.api.assistants.all.$get, 200>[number];

export const assistantKeys = {
  all: ["assistants"] as const,
  list: () => [...assistantKeys.all, "list"] as const,
};

export function useAssistants() {
  return useQuery({
    queryKey: assistantKeys.list(),
    queryFn: async (): Promise<Assistant[] | null> => {
      try {
        return await readJson(api.api.assistants.all.$get());
      } catch (error) {
        console.error("Error while fetching the assistants", error);
        return null;
      }
    },
    staleTime: 60_000,
  });
}
