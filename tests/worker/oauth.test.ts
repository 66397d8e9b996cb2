// OAuth sign-in end to end against tests/oauth/server.ts: state + PKCE, account creation, linking, refusals.
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { oauthAccount, user } from "../../drizzle/schema";
import { configuredProviders } from "../../src/auth/oauth";
import { call, createAccount, uniqueEmail, withDb } from "./support/accounts";

type Provider = "google" | "github";

interface Login {
  sub: string;
  email: string;
  emailVerified?: boolean;
  deny?: boolean;
}

const cookiePairs = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((line) => line.split(";")[0] ?? "")
    .filter((pair) => !pair.endsWith("="));

/** Starts the flow, "signs in" at the provider as `login`, and returns what the callback answered. */
async function oauthSignIn(
  provider: Provider,
  login: Login,
  opts: { redirect?: string; cookie?: string } = {},
) {
  const query = opts.redirect ? `?redirect=${encodeURIComponent(opts.redirect)}` : "";
  const start = await call(`/api/login/oauth/${provider}${query}`, { cookie: opts.cookie });
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get("Location") ?? "");
  authorize.searchParams.set("login_sub", login.sub);
  authorize.searchParams.set("login_email", login.email);
  if (login.emailVerified === false) authorize.searchParams.set("login_email_verified", "false");
  if (login.deny) authorize.searchParams.set("deny", "1");
  const consent = await fetch(authorize, { redirect: "manual" });
  expect(consent.status).toBe(302);
  const back = new URL(consent.headers.get("Location") ?? "");
  const jar = [...cookiePairs(start), ...(opts.cookie ? [opts.cookie] : [])].join("; ");
  const callback = await call(`${back.pathname}${back.search}`, { cookie: jar });
  return { start, authorize, back, callback };
}

const sessionPair = (res: Response) => cookiePairs(res).find((pair) => pair.startsWith("session="));

async function signedInEmail(res: Response): Promise<string | null> {
  const cookie = sessionPair(res);
  if (!cookie) return null;
  const me = await call("/api/login/user", { cookie });
  return me.status === 200 ? ((await me.json()) as { email: string }).email : null;
}

const randomSub = () => String(Math.floor(Math.random() * 1e12));

describe("GET /api/login/providers", () => {
  it("lists the providers whose credentials are set", async () => {
    const res = await call("/api/login/providers");
    expect(await res.json()).toEqual({ providers: ["google", "github"] });
  });

  it("leaves out a provider without credentials", () => {
    expect(configuredProviders({ ...env, GOOGLE_CLIENT_SECRET: undefined })).toEqual(["github"]);
    expect(configuredProviders({ ...env, GITHUB_CLIENT_ID: "", GOOGLE_CLIENT_ID: undefined })).toEqual([]);
  });
});

describe.each(["google", "github"] as const)("sign-in with %s", (provider) => {
  it("sends the browser to the provider with state and a PKCE S256 challenge, in HttpOnly cookies", async () => {
    const start = await call(`/api/login/oauth/${provider}`);
    expect(start.status).toBe(302);
    const url = new URL(start.headers.get("Location") ?? "");
    const base = provider === "google" ? env.GOOGLE_OAUTH_BASE_URL : env.GITHUB_OAUTH_BASE_URL;
    expect(url.href.startsWith(base ?? "-")).toBe(true);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get("redirect_uri")).toBe(`http://app.test/api/login/oauth/${provider}/callback`);
    const state = url.searchParams.get("state");
    expect(state).toBeTruthy();
    const stateCookie = start.headers.getSetCookie().find((line) => line.startsWith("oauth_state="));
    expect(stateCookie).toContain(`oauth_state=${state}`);
    expect(stateCookie).toContain("HttpOnly");
    expect(stateCookie).toContain("Secure");
    expect(stateCookie).toContain("SameSite=Lax");
  });

  it("creates a verified account on first sign-in and signs into the same one next time", async () => {
    const email = uniqueEmail(provider);
    const sub = randomSub();
    const first = await oauthSignIn(provider, { sub, email }, { redirect: "/app/a/default/c/42" });
    expect(first.callback.status).toBe(302);
    expect(first.callback.headers.get("Location")).toBe("/app/a/default/c/42");
    expect(await signedInEmail(first.callback)).toBe(email);
    const [row] = await withDb((db) => db.select().from(user).where(eq(user.email, email)));
    expect(row).toMatchObject({ verified: true, hashedPassword: null });
    const links = await withDb((db) =>
      db
        .select()
        .from(oauthAccount)
        .where(and(eq(oauthAccount.providerId, provider), eq(oauthAccount.providerUserId, sub))),
    );
    expect(links.map((l) => l.userId)).toEqual([row?.id]);

    // Same identity, even if its email changed at the provider: same account.
    const second = await oauthSignIn(provider, { sub, email: uniqueEmail("changed") });
    expect(second.callback.headers.get("Location")).toBe("/app/a/default");
    expect(await signedInEmail(second.callback)).toBe(email);
  });

  it("links to an existing verified account with the same email", async () => {
    const account = await createAccount();
    const { callback } = await oauthSignIn(provider, {
      sub: randomSub(),
      email: account.email.toUpperCase(),
    });
    expect(callback.status).toBe(302);
    const me = await call("/api/login/user", { cookie: sessionPair(callback) });
    expect(((await me.json()) as { id: number }).id).toBe(account.id);
  });

  it("takes over an unverified password account with the same email: password dropped, sessions ended", async () => {
    const squatter = await createAccount({ verified: false });
    const { callback } = await oauthSignIn(provider, { sub: randomSub(), email: squatter.email });
    expect(callback.status).toBe(302);
    expect(callback.headers.get("Location")).toBe("/app/a/default");
    expect(await signedInEmail(callback)).toBe(squatter.email);
    const [row] = await withDb((db) => db.select().from(user).where(eq(user.id, squatter.id)));
    expect(row).toMatchObject({ verified: true, hashedPassword: null });
    // Whoever registered the address first is signed out and their password opens nothing.
    expect((await call("/api/login/verification", { cookie: squatter.cookie })).status).toBe(401);
    const signIn = await call("/api/login", { body: { email: squatter.email, password: squatter.password } });
    expect(signIn.status).toBe(401);
  });

  it("links to the verified account, not to an unverified claim beside it", async () => {
    const owner = await createAccount();
    const claim = await call("/api/login/signup", {
      body: { email: owner.email, password: "the prober's passphrase" },
    });
    expect(claim.status).toBe(201);
    const { callback } = await oauthSignIn(provider, { sub: randomSub(), email: owner.email });
    const me = await call("/api/login/user", { cookie: sessionPair(callback) });
    expect(((await me.json()) as { id: number }).id).toBe(owner.id);
  });

  it("refuses an email the provider has not verified", async () => {
    const { callback } = await oauthSignIn(provider, {
      sub: randomSub(),
      email: uniqueEmail(),
      emailVerified: false,
    });
    expect(callback.headers.get("Location")).toBe("/login?error=oauth_email_unverified");
    expect(sessionPair(callback)).toBeUndefined();
  });

  it("refuses a deleted account, linked or not", async () => {
    const account = await createAccount();
    const sub = randomSub();
    expect(await signedInEmail((await oauthSignIn(provider, { sub, email: account.email })).callback)).toBe(
      account.email,
    );
    await call("/api/login/delete", { body: { password: account.password }, cookie: account.cookie });
    const again = await oauthSignIn(provider, { sub, email: account.email });
    expect(again.callback.headers.get("Location")).toBe("/login?error=account_deleted");
    const other = await oauthSignIn(provider, { sub: randomSub(), email: account.email });
    expect(other.callback.headers.get("Location")).toBe("/login?error=account_deleted");
  });

  it("goes back to the login page when the user declines", async () => {
    const { callback } = await oauthSignIn(provider, { sub: randomSub(), email: uniqueEmail(), deny: true });
    expect(callback.headers.get("Location")).toBe("/login?error=oauth_cancelled");
  });

  it("refuses a callback whose state does not match the browser's cookie (login CSRF)", async () => {
    const email = uniqueEmail();
    const start = await call(`/api/login/oauth/${provider}`);
    const authorize = new URL(start.headers.get("Location") ?? "");
    authorize.searchParams.set("login_sub", randomSub());
    authorize.searchParams.set("login_email", email);
    const back = new URL((await fetch(authorize, { redirect: "manual" })).headers.get("Location") ?? "");
    // The attacker's callback URL, opened in a victim's browser that never started this flow.
    const victim = await call(`${back.pathname}${back.search}`);
    expect(victim.headers.get("Location")).toBe("/login?error=oauth_state_mismatch");
    expect(sessionPair(victim)).toBeUndefined();
    const otherFlow = cookiePairs(await call(`/api/login/oauth/${provider}`)).join("; ");
    const mixed = await call(`${back.pathname}${back.search}`, { cookie: otherFlow });
    expect(mixed.headers.get("Location")).toBe("/login?error=oauth_state_mismatch");
  });

  it("a code cannot be used twice", async () => {
    const first = await oauthSignIn(provider, { sub: randomSub(), email: uniqueEmail() });
    expect(sessionPair(first.callback)).toBeDefined();
    const jar = cookiePairs(first.start).join("; ");
    const replay = await call(`${first.back.pathname}${first.back.search}`, { cookie: jar });
    expect(replay.headers.get("Location")).toBe("/login?error=oauth_failed");
  });

  it("applies the account's saved language: the locale cookie and the return path's prefix", async () => {
    const account = await createAccount();
    const saved = await call("/api/user/preferences/saveLanguage", {
      body: { lang: "de" },
      cookie: account.cookie,
    });
    expect(saved.status).toBe(200);
    const { callback } = await oauthSignIn(
      provider,
      { sub: randomSub(), email: account.email },
      { redirect: "/fr/app/a/default?x=1" },
    );
    expect(callback.status).toBe(302);
    expect(callback.headers.get("Location")).toBe("/de/app/a/default?x=1");
    expect(cookiePairs(callback)).toContain("locale=de");
  });

  it("ignores a return path that would leave the site", async () => {
    const { callback } = await oauthSignIn(
      provider,
      { sub: randomSub(), email: uniqueEmail() },
      { redirect: "//evil.example/x" },
    );
    expect(callback.headers.get("Location")).toBe("/app/a/default");
  });
});

describe("an unknown provider", () => {
  it("404", async () => {
    expect((await call("/api/login/oauth/facebook")).status).toBe(404);
    expect((await call("/api/login/oauth/facebook/callback?code=x&state=y")).status).toBe(404);
  });
});
