// OAuth sign-in: leave for the provider with state + PKCE in cookies, come back, exchange, sign in, redirect.
import { type Context, Hono } from "hono";
import { setOauthCookies, takeOauthCookies } from "../auth/cookies";
import {
  finishAuthorization,
  isOauthProvider,
  OauthError,
  type OauthProvider,
  providerSetup,
  startAuthorization,
} from "../auth/oauth";
import { oauthUserId } from "../auth/oauth-sign-in";
import { applySavedLanguage } from "../auth/saved-language";
import { startSession } from "../auth/sessions";
import { constantTimeEqual } from "../auth/tokens";
import { DEFAULT_CHAT_PATH } from "../domain/app-routes";
import { OAUTH_FLOW_SECONDS } from "../domain/auth-limits";
import type { OauthErrorCode } from "../domain/error-codes";
import { relocalizePath } from "../domain/locale-routing";
import { safeReturnPath } from "../domain/safe-return";
import type { AppEnv } from "../env";
import { notFound } from "../errors";

/** Only a path on our own site, as the browser will read it; anything else returns to the chats. */
const returnPathOf = (value: string | undefined) => safeReturnPath(value) ?? DEFAULT_CHAT_PATH;

const callbackUrl = (c: Context<AppEnv>, provider: OauthProvider) =>
  `${new URL(c.req.url).origin}/api/login/oauth/${provider}/callback`;

function setupOr404(c: Context<AppEnv>) {
  const provider = c.req.param("provider") ?? "";
  const setup = isOauthProvider(provider) ? providerSetup(c.env, provider) : null;
  if (!setup) throw notFound(`Sign-in with ${provider || "this provider"} is not available.`);
  return setup;
}

const backToLogin = (c: Context<AppEnv>, code: OauthErrorCode) =>
  c.redirect(`/login?error=${encodeURIComponent(code)}`, 302);

export const oauthRoutes = new Hono<AppEnv>()
  .get("/:provider", (c) => {
    const setup = setupOr404(c);
    const { url, state, verifier } = startAuthorization(setup, callbackUrl(c, setup.id));
    const returnPath = returnPathOf(c.req.query("redirect"));
    setOauthCookies(
      c,
      { oauth_state: state, oauth_verifier: verifier, oauth_return: returnPath },
      OAUTH_FLOW_SECONDS,
    );
    return c.redirect(url.toString(), 302);
  })

  .get("/:provider/callback", async (c) => {
    const setup = setupOr404(c);
    const saved = takeOauthCookies(c);
    const { code, state, error } = c.req.query();
    // The user declined at the provider, or the provider failed: nothing to exchange.
    if (error) return backToLogin(c, error === "access_denied" ? "oauth_cancelled" : "oauth_failed");
    if (
      !code ||
      !state ||
      !saved.oauth_state ||
      !saved.oauth_verifier ||
      !constantTimeEqual(state, saved.oauth_state)
    ) {
      return backToLogin(c, "oauth_state_mismatch");
    }
    try {
      const identity = await finishAuthorization(setup, {
        redirectUri: callbackUrl(c, setup.id),
        code,
        verifier: saved.oauth_verifier,
      });
      const userId = await oauthUserId(c.var.db(), setup.id, identity);
      await startSession(c, userId);
      const lang = await applySavedLanguage(c, userId);
      const returnPath = returnPathOf(saved.oauth_return);
      return c.redirect(lang ? relocalizePath(returnPath, lang) : returnPath, 302);
    } catch (err) {
      if (!(err instanceof OauthError)) throw err;
      if (err.code === "oauth_failed") console.error(`${setup.id} sign-in failed:`, err.message);
      return backToLogin(c, err.code);
    }
  });
