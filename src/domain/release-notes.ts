// The date of the latest release note: the notification shows while a user's saved date differs (SPEC §4).

/** Bump with each release note; saving it marks the note as seen. */
export const LATEST_RELEASE_NOTE_DATE = "2026-11-22T00:00:00.000Z";

export const hasUnseenReleaseNote = (lastChecked: string | null | undefined): boolean =>
  lastChecked == null || new Date(lastChecked).getTime() !== new Date(LATEST_RELEASE_NOTE_DATE).getTime();
