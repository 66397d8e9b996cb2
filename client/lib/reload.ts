// Reloading the page to pick up a new version, at most once per 10 seconds (SPEC §4's reload guard), so a
// version that keeps failing cannot trap the visitor in a reload loop.

export const RELOAD_GUARD_MS = 10_000;
const KEY = "reloaded-at";

/** False within 10 seconds of the last guarded reload. */
export function canReload(): boolean {
  try {
    return Date.now() - Number(sessionStorage.getItem(KEY) ?? 0) >= RELOAD_GUARD_MS;
  } catch {
    // Without session storage there is no guard to keep.
    return true;
  }
}

/** Reloads unless a guarded reload happened within the last 10 seconds; says whether it reloads. */
export function guardedReload(): boolean {
  if (!canReload()) return false;
  try {
    sessionStorage.setItem(KEY, String(Date.now()));
  } catch {
    // Reload unguarded.
  }
  location.reload();
  return true;
}

/** A lazily loaded chunk that is gone: the usual sign that a new version was deployed meanwhile. */
export const isChunkLoadError = (error: unknown): boolean =>
  error instanceof Error &&
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
    error.message,
  );
