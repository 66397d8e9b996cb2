// Timeouts and throttling limits of accounts and sessions, in seconds unless named otherwise.

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A session unused this long ends; each day of use pushes the end forward again. */
export const SESSION_IDLE_SECONDS = 30 * DAY;
/** However active, a session ends this long after sign-in. */
export const SESSION_ABSOLUTE_SECONDS = 90 * DAY;
/** Sliding the idle timeout costs a write, so it happens at most this often per session. */
export const SESSION_REFRESH_SECONDS = DAY;

/** Failed sign-ins allowed per email and per client IP within the window, before 429. */
export const SIGN_IN_FAILURE_LIMIT = 10;
export const SIGN_IN_WINDOW_SECONDS = 15 * MINUTE;

export const VERIFICATION_CODE_TTL_SECONDS = 15 * MINUTE;
export const VERIFICATION_MAX_ATTEMPTS = 5;
export const VERIFICATION_RESEND_SECONDS = MINUTE;

/** Accounts created per client IP within the window. */
export const SIGN_UP_LIMIT = 20;
export const SIGN_UP_WINDOW_SECONDS = HOUR;

/** Contact messages per client IP within the window, and their size. */
export const CONTACT_LIMIT = 5;
export const CONTACT_WINDOW_SECONDS = HOUR;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

/** How long an OAuth sign-in may take between leaving for the provider and coming back. */
export const OAUTH_FLOW_SECONDS = 10 * MINUTE;
