// The session user of SPEC §3 and the account calls: cached 5 minutes, invalidated by every change.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import type { Locale } from "../../src/domain/locales";
import { SIGNED_IN_HINT_COOKIE } from "../../src/domain/sessions";
import { changeLocale, currentLocale } from "../i18n";
import { ApiError, api, readJson } from "../lib/api";

export type User = InferResponseType<typeof api.api.login.user.$get, 200>;

/** Signed in and verified (the full user), signed in but unverified (the API tells no more), or null. */
export type SessionUser = (User & { verified: true }) | { verified: false; usagePlan: "none" };

export const userKeys = {
  all: ["user"] as const,
  session: () => [...userKeys.all, "session"] as const,
  verification: () => [...userKeys.all, "verification"] as const,
  providers: () => ["login-providers"] as const,
};

/** SPEC §4/§9: the user data is valid for 5 minutes. */
export const USER_STALE_MS = 300_000;

/** SPEC §7: a failure is logged and the visitor is treated as anonymous. */
async function fetchSessionUser(): Promise<SessionUser | null> {
  try {
    const res = await api.api.login.user.$get();
    if (res.status === 401) {
      forgetSignedInHint();
      return null;
    }
    const user = await readJson(res);
    return { ...user, verified: true };
  } catch (error) {
    if (error instanceof ApiError && error.code === "email_not_verified")
      return { verified: false, usagePlan: "none" };
    console.error("Error while fetching the user", error);
    return null;
  }
}

/** The session is gone (expired, ended elsewhere): the public header stops offering "Open app". */
function forgetSignedInHint() {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari.
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax${location.protocol === "https:" ? "; Secure" : ""}`;
}

export function useSessionUser(options: { enabled?: boolean; refetchInterval?: number | false } = {}) {
  return useQuery({
    queryKey: userKeys.session(),
    queryFn: fetchSessionUser,
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
