// The Worker's bindings and variables, and the per-request context variables routes can read.
import type { Database } from "./db/client";

export interface Env {
  /** Static assets of the SPA (Workers Static Assets). */
  ASSETS: Fetcher;
  /** One ChatStream Durable Object per chat: the live generation. */
  CHAT_STREAM: DurableObjectNamespace;
  /** Attachments and generated images. */
  FILES: R2Bucket;
  /** Postgres connection string (Neon in production). */
  DATABASE_URL: string;
  /** Local WebSocket bridge (host:port) that lets the Neon driver reach a non-Neon Postgres; unset in production. */
  DB_WS_PROXY?: string;
  /** "development" | "test" | "production" — production turns on __Host- cookies and hides dev-only routes. */
  APP_ENV?: string;
  /** Extra origins allowed to make unsafe requests (comma-separated), besides the request's own origin. */
  ALLOWED_ORIGINS?: string;
}

export interface SessionUser {
  id: number;
  email: string;
  verified: boolean;
}

export interface AppVariables {
  /** Lazily opened database for this request; closed after the response. */
  db: () => Database;
  /** The signed-in user, when the request carries a valid session. */
  user: SessionUser | null;
  sessionId: string | null;
}

export interface AppEnv {
  Bindings: Env;
  Variables: AppVariables;
}
