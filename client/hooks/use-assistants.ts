// The user's assistants (SPEC §7): the list (a failure is logged and null is used), saving and deleting one.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { InferRequestType, InferResponseType } from "hono/client";
import { useMemo } from "react";
import { api, readJson } from "../lib/api";
import { announceChatListChange, chatListKeys } from "./use-chats";

export type Assistant = InferResponseType<typeof api.api.assistants.all.$get, 200>[number];
/** What a save sends: the whole assistant, without an id for a new one. */
export type AssistantDraft = InferRequestType<typeof api.api.assistants.update.$post>["json"]["assistant"];

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

/** The files of the assistant a chat is under (none for the default one): context for each of its chats. */
export function useAssistantFiles(assistantId: string): Assistant["attachments"] {
  const { data } = useAssistants();
  return useMemo(
    () => data?.find((a) => String(a.id) === assistantId)?.attachments ?? [],
    [data, assistantId],
  );
}

/** Creates (no id) or replaces an assistant; the list takes the saved one at once. */
export function useSaveAssistant() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (assistant: AssistantDraft) =>
      readJson(api.api.assistants.update.$post({ json: { assistant } })),
    onSuccess: (saved) => {
      client.setQueryData<Assistant[] | null>(assistantKeys.list(), (list) =>
        list
          ? list.some((a) => a.id === saved.id)
            ? list.map((a) => (a.id === saved.id ? saved : a))
            : [...list, saved]
          : list,
      );
    },
    onSettled: () => client.invalidateQueries({ queryKey: assistantKeys.all }),
  });
}

/**
 * Deletes an assistant; its chats now belong to the default assistant, whose list is read again. The list of
 * assistants is left to the caller's `forget` (after it has left the assistant's page, which would otherwise
 * turn into "no such assistant" under it).
 */
export function useDeleteAssistant() {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: async (assistantId: number) =>
      readJson(api.api.assistants.delete.$post({ json: { assistantId } })),
    onSuccess: (_result, assistantId) => {
      client.removeQueries({ queryKey: chatListKeys.list(String(assistantId)) });
      void client.invalidateQueries({ queryKey: chatListKeys.list("default") });
      announceChatListChange();
    },
  });
  const forget = (assistantId: number) => {
    client.setQueryData<Assistant[] | null>(assistantKeys.list(), (list) =>
      list ? list.filter((a) => a.id !== assistantId) : list,
    );
    void client.invalidateQueries({ queryKey: assistantKeys.all });
  };
  return { ...mutation, forget };
}
