// A small local OAuth 2.0 / OpenID Connect server speaking Google's and GitHub's protocols, for the Worker tests.
//
// The authorization endpoint stands for the provider's consent screen: test-only query parameters say who
// signs in (login_sub, login_email, login_email_verified) or that the user declines (deny=1). Everything a
// real provider checks is checked: client credentials, redirect_uri, one-time codes and the PKCE S256
// verifier.
import { createHash, createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface OauthClient {
  clientId: string;
  clientSecret: string;
}

export interface OauthServerOptions {
  google: OauthClient;
  github: OauthClient;
}

interface Identity {
  sub: string;
  email: string;
  emailVerified: boolean;
}

interface Grant {
  provider: "google" | "github";
  clientId: string;
  redirectUri: string;
  challenge: string;
  identity: Identity;
  expiresAt: number;
}

const base64url = (buf: Buffer) => buf.toString("base64url");

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
    });
    req.on("end", () => resolve(body));
    req.on("error", reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

function basicCredentials(req: IncomingMessage): OauthClient | null {
  const header = req.headers.authorization ?? "";
  if (!header.startsWith("Basic ")) return null;
  const decoded = Buffer.from(header.slice(6), "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  return colon < 0 ? null : { clientId: decoded.slice(0, colon), clientSecret: decoded.slice(colon + 1) };
}

export async function startOauthServer(
  options: OauthServerOptions,
): Promise<{ url: string; close(): Promise<void> }> {
  const grants = new Map<string, Grant>();
  const accessTokens = new Map<string, Identity>();
  let origin = "";

  function signIdToken(client: OauthClient, identity: Identity): string {
    const now = Math.floor(Date.now() / 1000);
    const header = base64url(Buffer.from(JSON.stringify({ alg: "HS256", typ: "JWT" })));
    const payload = base64url(
      Buffer.from(
        JSON.stringify({
          iss: `${origin}/google`,
          aud: client.clientId,
          sub: identity.sub,
          email: identity.email,
          email_verified: identity.emailVerified,
          iat: now,
          exp: now + 3600,
        }),
      ),
    );
    const signature = base64url(
      createHmac("sha256", client.clientSecret).update(`${header}.${payload}`).digest(),
    );
    return `${header}.${payload}.${signature}`;
  }

  function authorize(provider: "google" | "github", url: URL, res: ServerResponse) {
    const q = url.searchParams;
    const client = options[provider];
    const redirectUri = q.get("redirect_uri") ?? "";
    if (q.get("client_id") !== client.clientId || !redirectUri) {
      return json(res, 400, {
        error: "invalid_request",
        error_description: "unknown client or no redirect_uri",
      });
    }
    const back = new URL(redirectUri);
    const state = q.get("state");
    if (state) back.searchParams.set("state", state);
    const fail = (error: string) => {
      back.searchParams.set("error", error);
      res.writeHead(302, { Location: back.toString() }).end();
    };
    if (q.get("deny") === "1") return fail("access_denied");
    if (q.get("response_type") !== "code") return fail("unsupported_response_type");
    if (q.get("code_challenge_method") !== "S256" || !q.get("code_challenge")) return fail("invalid_request");
    const code = base64url(randomBytes(24));
    grants.set(code, {
      provider,
      clientId: client.clientId,
      redirectUri,
      challenge: q.get("code_challenge") ?? "",
      identity: {
        sub: q.get("login_sub") ?? "1",
        email: q.get("login_email") ?? "someone@example.com",
        emailVerified: q.get("login_email_verified") !== "false",
      },
      expiresAt: Date.now() + 60_000,
    });
    back.searchParams.set("code", code);
    res.writeHead(302, { Location: back.toString() }).end();
  }

  async function token(provider: "google" | "github", req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams(await readBody(req));
    const client = options[provider];
    const presented = basicCredentials(req);
    if (presented?.clientId !== client.clientId || presented.clientSecret !== client.clientSecret) {
      return json(res, 401, { error: "invalid_client" });
    }
    const code = form.get("code") ?? "";
    const grant = grants.get(code);
    grants.delete(code); // one use, even when the exchange fails
    const verifier = form.get("code_verifier") ?? "";
    const challenge = base64url(createHash("sha256").update(verifier).digest());
    if (
      form.get("grant_type") !== "authorization_code" ||
      !grant ||
      grant.provider !== provider ||
      grant.expiresAt < Date.now() ||
      grant.redirectUri !== form.get("redirect_uri") ||
      grant.challenge !== challenge
    ) {
      return json(res, 400, { error: "invalid_grant" });
    }
    const accessToken = base64url(randomBytes(24));
    accessTokens.set(accessToken, grant.identity);
    if (provider === "github") {
      return json(res, 200, {
        access_token: accessToken,
        token_type: "bearer",
        scope: "read:user,user:email",
      });
    }
    return json(res, 200, {
      access_token: accessToken,
      token_type: "Bearer",
      expires_in: 3599,
      scope: "openid email",
      id_token: signIdToken(client, grant.identity),
    });
  }

  function githubApi(path: string, req: IncomingMessage, res: ServerResponse) {
    const identity = accessTokens.get((req.headers.authorization ?? "").replace(/^Bearer /, ""));
    if (!identity) return json(res, 401, { message: "Bad credentials" });
    if (path === "/user")
      return json(res, 200, { id: Number(identity.sub), login: `user${identity.sub}`, email: null });
    if (path === "/user/emails") {
      return json(res, 200, [
        {
          email: `${identity.sub}@users.noreply.github.com`,
          primary: false,
          verified: true,
          visibility: null,
        },
        { email: identity.email, primary: true, verified: identity.emailVerified, visibility: "private" },
      ]);
    }
    json(res, 404, { message: "Not Found" });
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", origin);
    const route = `${req.method} ${url.pathname}`;
    const handle = async () => {
      if (route === "GET /google/o/oauth2/v2/auth") return authorize("google", url, res);
      if (route === "POST /google/token") return token("google", req, res);
      if (route === "GET /github/login/oauth/authorize") return authorize("github", url, res);
      if (route === "POST /github/login/oauth/access_token") return token("github", req, res);
      if (req.method === "GET" && url.pathname.startsWith("/github/api/v3/")) {
        return githubApi(url.pathname.slice("/github/api/v3".length), req, res);
      }
      json(res, 404, { error: "not_found" });
    };
    handle().catch((err: unknown) =>
      json(res, 500, { error: "server_error", error_description: String(err) }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
