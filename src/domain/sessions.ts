// Session lifetime rules: an idle timeout that slides at most once a day, capped by an absolute timeout;
// the readable hint beside the session cookie.
import { SESSION_ABSOLUTE_SECONDS, SESSION_IDLE_SECONDS, SESSION_REFRESH_SECONDS } from "./auth-limits.ts";

const addSeconds = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);

/** The moment a session ends however it is used. */
export const absoluteDeadline = (createdAt: Date): Date => addSeconds(createdAt, SESSION_ABSOLUTE_SECONDS);

/** Where the idle timeout lands when the session is used at `now`: never past the absolute deadline. */
export function idleExpiry(now: Date, createdAt: Date): Date {
  return new Date(
    Math.min(addSeconds(now, SESSION_IDLE_SECONDS).getTime(), absoluteDeadline(createdAt).getTime()),
  );
}

export interface SessionTimes {
  createdAt: Date;
  expiresAt: Date;
  lastUsedAt: Date;
}

export const isSessionAlive = (s: Pick<SessionTimes, "createdAt" | "expiresAt">, now: Date): boolean =>
  s.expiresAt > now && absoluteDeadline(s.createdAt) > now;

/** Sliding costs a write, so a session is refreshed only when its last refresh is a day old. */
export const shouldRefreshSession = (s: Pick<SessionTimes, "lastUsedAt">, now: Date): boolean =>
  now.getTime() - s.lastUsedAt.getTime() >= SESSION_REFRESH_SECONDS * 1000;

/** Cookie lifetime matching a session's end, in whole seconds (at least 1 so the browser keeps it). */
export const cookieMaxAge = (expiresAt: Date, now: Date): number =>
  Math.max(1, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));

/** A readable cookie set and cleared with the session's: public pages show "Open app" while it is there. */
export const SIGNED_IN_HINT_COOKIE = "signed_in";

export const hasSignedInHint = (cookieHeader: string): boolean =>
  cookieHeader.split(";").some((part) => part.trim() === `${SIGNED_IN_HINT_COOKIE}=1`);
