// The monitoring numbers of SPEC §9 (client transport) and the collector's own limits, in one place.

/** Telemetry batches flush this long after their first item… */
export const FLUSH_DELAY_MS = 250;
/** …or as soon as they hold this many items (also the most one request carries). */
export const MAX_BATCH_ITEMS = 50;
/** Spans waiting for export; more are dropped (and counted) until the next export. */
export const TRACE_BUFFER = 30;
/** Spans are exported this long after the first one waiting… */
export const TRACE_BATCH_DELAY_MS = 1_000;
/** …at most this many per export. */
export const SPANS_PER_EXPORT = 30;
/** Requests to the collector in flight at once. */
export const MAX_CONCURRENT_SENDS = 5;
/** A 429 without a readable Retry-After stops sending this long. */
export const DEFAULT_BACKOFF_MS = 5_000;
/** On page unload a body is sent with keepalive only up to this many characters (the browser's 64 KiB cap). */
export const KEEPALIVE_BODY_LIMIT = 60_000;
/** A monitoring session ends after this long without telemetry… */
export const SESSION_IDLE_MS = 15 * 60_000;
/** …or this long after it started, whichever comes first. */
export const SESSION_MAX_MS = 4 * 60 * 60_000;
/** Interactions closer together than this are one user action. */
export const ACTION_GROUP_WAIT_MS = 100;
/** A user action waits at most this long for the requests it started. */
export const PENDING_REQUEST_WAIT_MS = 10_000;
/** First-input delay: good up to 100 ms, poor above 300 ms. */
export const FIRST_INPUT_THRESHOLDS = [100, 300] as const;

/** The collector's answer header naming a session it will not take (SPEC §7). */
export const SESSION_STATUS_HEADER = "session-status";
export const SESSION_ID_HEADER = "session-id";
export const API_KEY_HEADER = "api-key";

/** The collector takes bodies up to this many bytes (a keepalive body plus room for multi-byte text). */
export const COLLECT_MAX_BODY_BYTES = 128_000;
/** Requests per monitoring session and per IP in one collector window. */
export const COLLECT_SESSION_LIMIT = 240;
export const COLLECT_IP_LIMIT = 1_200;
export const COLLECT_WINDOW_SECONDS = 60;
