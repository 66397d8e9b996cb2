// SPEC §8 notices: what a model message or a failed send shows, and which a retry may fix.
import { describe, expect, it } from "vitest";
import {
  isRetryable,
  keepsRegenerate,
  messageNotice,
  NOTICE_KEYS,
  noticeOfCode,
} from "../../src/domain/chat/message-notices";

describe("notices", () => {
  const model = (metadata: Record<string, unknown>) => ({ metadata });
  it("names the SPEC §8 message of a model message", () => {
    expect(messageNotice(model({ done: true, outcome: "stopped" }))).toBe("stopped");
    expect(messageNotice(model({ done: true, error: { code: "provider_unavailable" } }))).toBe(
      "providerUnavailable",
    );
    expect(messageNotice(model({ done: true, error: { code: "fair_usage_limit" } }))).toBe("fairUsageLimit");
    expect(messageNotice(model({ done: true, outcome: "done" }))).toBeNull();
    expect(messageNotice(model({ done: false }))).toBeNull();
    expect(messageNotice(model({ done: false }), true)).toBe("notSaved");
  });

  it("maps API codes and tells which failures a retry may fix", () => {
    expect(noticeOfCode("quota_reached")).toBe("quotaReached");
    expect(noticeOfCode("something_new")).toBe("unableToProcessLater");
    expect(isRetryable("providerUnavailable")).toBe(true);
    expect(isRetryable("quotaReached")).toBe(false);
  });

  it.each([
    [null, true],
    ["stopped", true],
    ["providerUnavailable", false],
    ["quotaReached", false],
    ["chatGone", false],
  ] as const)("keeps Regenerate beside %s: %s", (notice, keeps) => {
    expect(keepsRegenerate(notice)).toBe(keeps);
  });

  it("offers no retry for a chat deleted meanwhile", () => {
    expect(NOTICE_KEYS).toContain("chatGone");
    expect(isRetryable("chatGone")).toBe(false);
  });
});
