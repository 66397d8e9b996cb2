// Who is signed in (SPEC §3), without the query cache: the light /pricing page asks once, the app's
// useSessionUser (hooks/use-user.ts) caches the same call.
import type { InferResponseType } from "hono/client";
import { USER_READ } from "../../src/domain/early-requests";
import { hasSignedInHint, SIGNED_IN_HINT_COOKIE } from "../../src/domain/sessions";
import { ApiError, api, readJson } from "./api";
import { hasEarlyRead } from "./early";

export type User = InferResponseType<typeof api.api.login.user.$get, 200>;

/** Signed in and verified (the full user), signed in but unverified (the API tells no more), or null. */
export type SessionUser = (User & { verified: true }) | { verified: false; usagePlan: "none" };

/**
 * SPEC §7: a failure is logged and the visitor is treated as anonymous — unless somebody is `known` already:
 * then the failure is thrown, and the cache keeps them. A connection lost for a moment (or a server hiccup)
 * must not send a signed-in user to the sign-in page; only the API's 401 says the session is over.
 */
export async function fetchSessionUser(known: SessionUser | null = null): Promise<SessionUser | null> {
  // Without the hint there is no session to ask about (they are set and cleared together): an anonymous
  // visitor's pages make no request that can only be refused. A read started early was started because the
  // hint was there, and spares the start-up the cookie read (a wait on the browser process).
  if (!known && !hasEarlyRead(USER_READ) && !hasSignedInHint(document.cookie)) return null;
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
    if (known) throw error;
    return null;
  }
}

/** The session is gone (expired, ended elsewhere): the public header stops offering "Open app". */
function forgetSignedInHint() {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari.
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax${location.protocol === "https:" ? "; Secure" : ""}`;
}
