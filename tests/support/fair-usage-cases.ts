// Recent requests around a fixed moment, shared by the fair-usage rule's table (tests/domain) and the quota
// statement's test that runs the same cases against the database (tests/worker).

export const NOW = new Date("2026-11-22T12:00:00Z");
export const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000);
/** `count` requests, the newest `newest` seconds ago, then one every `every` seconds further back. */
export const requests = (count: number, newest: number, every: number) =>
  Array.from({ length: count }, (_, i) => ago(newest + i * every));

/** Small limits, so a case fits in a few rows. */
export const RATES = [
  { limit: 3, windowSeconds: 60 },
  { limit: 5, windowSeconds: 3600 },
];
