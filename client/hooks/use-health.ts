// The health query: is the Worker up and does the database answer.
import { useQuery } from "@tanstack/react-query";
import { api } from "../lib/api";

export const healthKeys = {
  all: ["health"] as const,
};

export interface Health {
  ok: boolean;
  db: boolean;
}

export function useHealth() {
  return useQuery({
    queryKey: healthKeys.all,
    queryFn: async (): Promise<Health> => {
      const res = await api.api.health.$get();
      // 503 still carries { ok, db }: show it rather than an error.
      return (await res.json()) as Health;
    },
    staleTime: 30_000,
  });
}
