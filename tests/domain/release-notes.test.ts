// The release-note notification shows until the saved date is the latest one (SPEC §4).
import { describe, expect, it } from "vitest";
import { hasUnseenReleaseNote, LATEST_RELEASE_NOTE_DATE } from "../../src/domain/release-notes";

describe("hasUnseenReleaseNote", () => {
  it.each([
    [null, true],
    [undefined, true],
    ["2020-01-01T00:00:00.000Z", true],
    [LATEST_RELEASE_NOTE_DATE, false],
  ])("last checked %j → shows %s", (lastChecked, shows) => {
    expect(hasUnseenReleaseNote(lastChecked)).toBe(shows);
  });
});
