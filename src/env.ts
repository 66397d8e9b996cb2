// The Worker's bindings and variables, and the per-request context variables routes can read.
import type { Database } from "./db/client";
import type { SessionTimes } from "./domain/sessions";

export interface Env {
  /** Static assets of the SPA (Workers Static Assets). */
  ASSETS: Fetcher;
  /** One ChatStream Durable Object per chat: the live generation. */
  CHAT_STREAM: DurableObjectNamespace;
  /** Attachments and generated images. */
  FILES: R2Bucket;
  /** Workers Analytics Engine dataset for the client's telemetry (POST /api/collect); absent, it goes to Postgres. */
  TELEMETRY?: AnalyticsEngineDataset;
  /** Postgres connection string (Neon in production). */
  DATABASE_URL: string;
  /** Local WebSocket bridge (host:port) that lets the Neon driver reach a non-Neon Postgres; unset in production. */
  DB_WS_PROXY?: string;
  /** "development" | "test" | "production" — production turns on __Host- cookies and hides dev-only routes. */
  APP_ENV?: string;
  /** "low" gives a test Worker (APP_ENV=test only) a cheap password hash; see src/auth/password.ts. */
  SCRYPT_COST?: string;
  /** Extra origins allowed to make unsafe requests (comma-separated), besides the request's own origin. */
  ALLOWED_ORIGINS?: string;
  /** HTTP mail API (Resend-style POST { from, to, subject, text }); unset in dev/tests, which use the outbox. */
  MAIL_API_URL?: string;
  MAIL_API_KEY?: string;
  /** Sender, e.g. "Switchboard <no-reply@example.com>". */
  MAIL_FROM?: string;
  /** Google sign-in; the button shows only when both are set. */
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  /** Replaces Google's endpoints (tests point it at tests/oauth); unset in production. */
  GOOGLE_OAUTH_BASE_URL?: string;
  /** GitHub sign-in; the button shows only when both are set. */
  GITHUB_CLIENT_ID?: string;
  GITHUB_CLIENT_SECRET?: string;
  /** A GitHub Enterprise Server (or the test server): OAuth under it, the API under `<base>/api/v3`. */
  GITHUB_OAUTH_BASE_URL?: string;
  /** Stripe secret key (sk_…); without it, payments are unavailable. */
  STRIPE_SECRET_KEY?: string;
  /** Signing secret of our webhook endpoint (whsec_…). */
  STRIPE_WEBHOOK_SECRET?: string;
  /** Another server speaking Stripe's API (the local one in dev and tests); unset in production. */
  STRIPE_API_BASE?: string;
  /** Requests a minute one API key may make (default 20); the key's hourly fair-usage rate still applies. */
  API_KEY_REQUESTS_PER_MINUTE?: string;
}

export interface SessionUser {
  id: number;
  email: string;
  verified: boolean;
}

/**
 * A session the middleware left to a route's statement (src/middleware/session.ts): a send's first
 * statement, or a chat's read, checks it (src/db/session-check.ts), which saves the session query's round
 * trip (and, over the HTTP endpoint, the pooled connection's) before the provider is asked or the chat shown.
 */
export interface DeferredSession {
  sessionId: string;
  now: Date;
  /**
   * Takes what a statement found as the request's session: its user, or the 401/403 the middleware answers
   * on /api. Null only on a page (an open chat's), which is served without the chat's frame then.
   */
  settle(found: (SessionTimes & { user: SessionUser }) | null): SessionUser | null;
  /** The middleware's own lookup, for a send that cannot be one statement (files, the chat's own model). */
  lookUp(): Promise<SessionUser>;
}

/**
 * A public API key the middleware left to the call's statement (src/middleware/api-key.ts): completions and
 * images check it with their quota (src/db/api-key-request.ts), one round trip before the provider.
 */
export interface DeferredApiKey {
  /** The presented key's digest. */
  hash: string;
  now: Date;
  /** Takes what the statement found as the request's key, or throws the middleware's 401. */
  settle(found: { id: number; userId: number; hash: string } | null): { id: number; userId: number };
}

export interface AppVariables {
  /** Lazily opened database for this request; closed after the response. */
  db: () => Database;
  /** The signed-in user, when the request carries a valid session. */
  user: SessionUser | null;
  sessionId: string | null;
  /** On the send routes, the session their statement checks instead of the middleware (then `user` is null until it has). */
  deferredSession: DeferredSession | null;
  /** The key of a public API request (/api/v1), once its Bearer key is checked. */
  apiKey?: { id: number; userId: number };
  /** On completions and images, the key their statement checks instead of the middleware. */
  deferredApiKey?: DeferredApiKey;
}

export interface AppEnv {
  Bindings: Env;
  Variables: AppVariables;
}

// vite replaces import.meta.env.MODE at build time ("production" in `vite build`, "test" under vitest),
// which lets the production bundle drop dev-only routes. Same shape as vite/client's declaration.
declare global {
  interface ImportMetaEnv {
    MODE: string;
  }
  interface ImportMeta {
    readonly env: ImportMetaEnv;
  }
}
