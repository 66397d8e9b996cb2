// OAuth sign-in with Google (OpenID Connect) and GitHub through arctic, with state and PKCE (S256).
//
// arctic's provider classes hard-code production endpoints, so we drive its generic OAuth2Client with
// endpoints built from env: the real ones by default, a local server in tests, a GitHub Enterprise host.
import {
  CodeChallengeMethod,
  decodeIdToken,
  generateCodeVerifier,
  generateState,
  OAuth2Client,
} from "arctic";
import type { OauthErrorCode } from "../domain/error-codes";
import type { Env } from "../env";

export const OAUTH_PROVIDERS = ["google", "github"] as const;
export type OauthProvider = (typeof OAUTH_PROVIDERS)[number];

export const isOauthProvider = (value: string): value is OauthProvider =>
  (OAUTH_PROVIDERS as readonly string[]).includes(value);

/** What we learn from the provider: its stable user id and an email only when the provider verified it. */
export interface OauthIdentity {
  providerUserId: string;
  email: string | null;
}

/** A failed exchange or an identity we cannot trust; `code` goes back to the login page. */
export class OauthError extends Error {
  readonly code: OauthErrorCode;
  constructor(code: OauthErrorCode, message: string) {
    super(message);
    this.name = "OauthError";
    this.code = code;
  }
}

interface ProviderSetup {
  id: OauthProvider;
  clientId: string;
  clientSecret: string;
  authorizationUrl: string;
  tokenUrl: string;
  scopes: string[];
  identify(accessToken: string, idToken: string | null): Promise<OauthIdentity>;
}

const trimSlash = (url: string) => url.replace(/\/+$/, "");

function googleSetup(env: Env): ProviderSetup | null {
  const { GOOGLE_CLIENT_ID: clientId, GOOGLE_CLIENT_SECRET: clientSecret } = env;
  if (!clientId || !clientSecret) return null;
  const base = env.GOOGLE_OAUTH_BASE_URL ? trimSlash(env.GOOGLE_OAUTH_BASE_URL) : null;
  const issuers = base ? [base] : ["https://accounts.google.com", "accounts.google.com"];
  return {
    id: "google",
    clientId,
    clientSecret,
    authorizationUrl: base ? `${base}/o/oauth2/v2/auth` : "https://accounts.google.com/o/oauth2/v2/auth",
    tokenUrl: base ? `${base}/token` : "https://oauth2.googleapis.com/token",
    scopes: ["openid", "email"],
    // The ID token comes straight from Google's token endpoint over TLS, so its claims are trusted without
    // checking the signature (OpenID Connect Core §3.1.3.7); issuer, audience and expiry are still checked.
    async identify(_accessToken, idToken) {
      if (!idToken) throw new OauthError("oauth_failed", "Google returned no ID token.");
      const claims = decodeIdToken(idToken) as Record<string, unknown>;
      const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
      const fresh = typeof claims.exp === "number" && claims.exp * 1000 > Date.now();
      if (!issuers.includes(String(claims.iss)) || !audience.includes(clientId) || !fresh) {
        throw new OauthError("oauth_failed", "Google's ID token is not meant for us or has expired.");
      }
      if (typeof claims.sub !== "string" || !claims.sub)
        throw new OauthError("oauth_failed", "No Google user id.");
      const verified = claims.email_verified === true || claims.email_verified === "true";
      const email = typeof claims.email === "string" && verified ? claims.email : null;
      return { providerUserId: claims.sub, email };
    },
  };
}

function githubSetup(env: Env): ProviderSetup | null {
  const { GITHUB_CLIENT_ID: clientId, GITHUB_CLIENT_SECRET: clientSecret } = env;
  if (!clientId || !clientSecret) return null;
  const base = env.GITHUB_OAUTH_BASE_URL ? trimSlash(env.GITHUB_OAUTH_BASE_URL) : "https://github.com";
  const api = env.GITHUB_OAUTH_BASE_URL ? `${base}/api/v3` : "https://api.github.com";
  const get = async (path: string, accessToken: string) => {
    const res = await fetch(`${api}${path}`, {
      headers: {
        Authorization: `Bearer ${accessToken}`,
        Accept: "application/vnd.github+json",
        "User-Agent": "Switchboard",
      },
    });
    if (!res.ok) throw new OauthError("oauth_failed", `GitHub answered ${res.status} to ${path}.`);
    return res.json();
  };
  return {
    id: "github",
    clientId,
    clientSecret,
    authorizationUrl: `${base}/login/oauth/authorize`,
    tokenUrl: `${base}/login/oauth/access_token`,
    scopes: ["read:user", "user:email"],
    async identify(accessToken) {
      const profile = (await get("/user", accessToken)) as { id?: unknown };
      if (typeof profile.id !== "number" && typeof profile.id !== "string") {
        throw new OauthError("oauth_failed", "No GitHub user id.");
      }
      // The profile's public email may be unverified; only the verified primary address counts.
      const emails = (await get("/user/emails", accessToken)) as {
        email?: unknown;
        primary?: unknown;
        verified?: unknown;
      }[];
      const primary = Array.isArray(emails)
        ? emails.find((e) => e.primary === true && e.verified === true)
        : undefined;
      return {
        providerUserId: String(profile.id),
        email: typeof primary?.email === "string" ? primary.email : null,
      };
    },
  };
}

export function providerSetup(env: Env, provider: OauthProvider): ProviderSetup | null {
  return provider === "google" ? googleSetup(env) : githubSetup(env);
}

/** Providers whose credentials are set: the login page shows only their buttons. */
export const configuredProviders = (env: Env): OauthProvider[] =>
  OAUTH_PROVIDERS.filter((provider) => providerSetup(env, provider) !== null);

export function startAuthorization(setup: ProviderSetup, redirectUri: string) {
  const state = generateState();
  const verifier = generateCodeVerifier();
  const client = new OAuth2Client(setup.clientId, setup.clientSecret, redirectUri);
  const url = client.createAuthorizationURLWithPKCE(
    setup.authorizationUrl,
    state,
    CodeChallengeMethod.S256,
    verifier,
    setup.scopes,
  );
  return { url, state, verifier };
}

/** Trades the code (with the PKCE verifier) for tokens, then asks who the user is. */
export async function finishAuthorization(
  setup: ProviderSetup,
  { redirectUri, code, verifier }: { redirectUri: string; code: string; verifier: string },
): Promise<OauthIdentity> {
  const client = new OAuth2Client(setup.clientId, setup.clientSecret, redirectUri);
  let accessToken: string;
  let idToken: string | null = null;
  try {
    const tokens = await client.validateAuthorizationCode(setup.tokenUrl, code, verifier);
    accessToken = tokens.accessToken();
    if ("id_token" in tokens.data) idToken = tokens.idToken();
  } catch (err) {
    throw new OauthError("oauth_failed", `The ${setup.id} code exchange failed: ${(err as Error).message}`);
  }
  return setup.identify(accessToken, idToken);
}
