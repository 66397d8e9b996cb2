// The session user of SPEC §3 and the account calls: cached 5 minutes, invalidated by every change.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Locale } from "../../src/domain/locales";
import { changeLocale, currentLocale } from "../i18n";
import { api, readJson } from "../lib/api";
import { fetchSessionUser, type SessionUser, type User } from "../lib/session-user";

export type { SessionUser, User };

export const userKeys = {
  all: ["user"] as const,
  session: () => [...userKeys.all, "session"] as const,
  verification: () => [...userKeys.all, "verification"] as const,
  providers: () => ["login-providers"] as const,
};

/** SPEC §4/§9: the user data is valid for 5 minutes. */
export const USER_STALE_MS = 300_000;

export function useSessionUser(options: { enabled?: boolean; refetchInterval?: number | false } = {}) {
  const client = useQueryClient();
  return useQuery({
    queryKey: userKeys.session(),
    // Who is on screen stays there through a failed refresh (fetchSessionUser).
    queryFn: () => fetchSessionUser(client.getQueryData<SessionUser | null>(userKeys.session()) ?? null),
    staleTime: USER_STALE_MS,
    retry: false,
    enabled: options.enabled ?? true,
    refetchInterval: options.refetchInterval,
  });
}

/** The signed-in, verified user; only for screens the route guard let through. */
export function useUser(): User | null {
  const { data } = useSessionUser();
  return data?.verified ? data : null;
}

/** Refetches the user everywhere after a change. */
export function useInvalidateUser() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: userKeys.all });
}

/**
 * The language the account saved in its settings, applied as it signs in on this browser: the Worker set
 * the cookie, this moves the path prefix (a new locale restarts the router on the rewritten address).
 */
export async function followSavedLanguage(lang: Locale | null): Promise<void> {
  if (lang && lang !== currentLocale()) await changeLocale(lang);
}

export function useSignIn() {
  const invalidate = useInvalidateUser();
  return useMutation({
    mutationFn: async (body: { email: string; password: string }) =>
      readJson(api.api.login.$post({ json: body })),
    onSuccess: async (data) => {
      await followSavedLanguage(data.lang);
      await invalidate();
    },
  });
}

export function useSignUp() {
  const invalidate = useInvalidateUser();
  return useMutation({
    mutationFn: async (body: { email: string; password: string }) =>
      readJson(api.api.login.signup.$post({ json: body })),
    onSuccess: invalidate,
  });
}

export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => readJson(api.api.logout.$post()),
    // Nothing of the previous user may stay on screen or in the cache.
    onSettled: () => {
      client.clear();
      client.setQueryData(userKeys.session(), null);
    },
  });
}

export function useLoginProviders() {
  return useQuery({
    queryKey: userKeys.providers(),
    queryFn: async () => {
      try {
        return (await readJson(api.api.login.providers.$get())).providers;
      } catch (error) {
        console.error("Error while fetching the sign-in providers", error);
        return [];
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}
