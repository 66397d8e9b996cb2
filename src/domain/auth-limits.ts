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

/**
 * Failed sign-ins counted in fixed windows of 15 minutes (see src/auth/password-check.ts):
 * - per client and account: a browser that signed in to the account before (its device cookie), or else
 *   the client's IP — the failures of one client on one account;
 * - per account, from clients it has never seen: distributed guessing slows to this many per window,
 *   while the owner's known browsers keep their own count and are never locked out by others;
 * - per IP, over all accounts: one address spraying passwords across many emails.
 */
export const SIGN_IN_CLIENT_FAILURE_LIMIT = 10;
export const SIGN_IN_ACCOUNT_FAILURE_LIMIT = 20;
export const SIGN_IN_IP_FAILURE_LIMIT = 30;
export const SIGN_IN_WINDOW_SECONDS = 15 * MINUTE;
/** A browser that signed in with the password stays known to that account this long. */
export const KNOWN_DEVICE_SECONDS = 180 * DAY;
/** Re-entering the password (change, deletion) from one session: failures allowed per window. */
export const REAUTH_FAILURE_LIMIT = 10;

export const VERIFICATION_CODE_TTL_SECONDS = 15 * MINUTE;
export const VERIFICATION_MAX_ATTEMPTS = 5;
export const VERIFICATION_RESEND_SECONDS = MINUTE;
/** Code guesses per account and per client IP per day, whatever the resends (5 tries per code alone
 * would allow one code a minute, 5 tries each: 7,200 guesses a day). */
export const VERIFICATION_DAILY_ATTEMPTS_PER_ACCOUNT = 20;
export const VERIFICATION_DAILY_ATTEMPTS_PER_IP = 50;
/** Codes mailed per account per day. */
export const VERIFICATION_DAILY_SENDS_PER_ACCOUNT = 10;
export const VERIFICATION_DAILY_WINDOW_SECONDS = DAY;

/** An account whose email is not confirmed within this time is gone: its session ends, it cannot sign in,
 * and the address is free for whoever confirms it. */
export const UNVERIFIED_ACCOUNT_SECONDS = DAY;
/** The owner of an address hears of a sign-up attempt with it at most once per window. */
export const SIGN_UP_NOTICE_WINDOW_SECONDS = HOUR;

/** Accounts created per client IP within the window. */
export const SIGN_UP_LIMIT = 20;
export const SIGN_UP_WINDOW_SECONDS = HOUR;

/** Contact messages per client IP within the window, and their size. */
export const CONTACT_LIMIT = 5;
export const CONTACT_WINDOW_SECONDS = HOUR;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

/** How long an OAuth sign-in may take between leaving for the provider and coming back. */
export const OAUTH_FLOW_SECONDS = 10 * MINUTE;

/**
 * "Forgot password": a code lives this long and allows this many tries. Requests are counted per client IP
 * and per address (whether or not it has an account, so the limit says nothing), and tries are throttled
 * like sign-in: per address and per IP in the sign-in window.
 */
export const PASSWORD_RESET_CODE_TTL_SECONDS = 15 * MINUTE;
export const PASSWORD_RESET_MAX_ATTEMPTS = 5;
export const PASSWORD_RESET_RESEND_SECONDS = MINUTE;
export const PASSWORD_RESET_REQUESTS_PER_IP = 20;
export const PASSWORD_RESET_REQUESTS_PER_EMAIL = 10;
export const PASSWORD_RESET_REQUEST_WINDOW_SECONDS = DAY;
