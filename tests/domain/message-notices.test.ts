// SPEC §8 notices: what a model message or a failed send shows, and which a retry may fix.
import { describe, expect, it } from "vitest";
import {
  isRetryable,
  keepsRegenerate,
  messageNotice,
  NOTICE_KEYS,
  noticeOfCode,
  noticeOfFailure,
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

  // A refused message says what was wrong: sending it again as it is cannot work.
  it.each([
    ["invalid_input", [{ path: "attachmentIds", message: "at most 20 files per message" }], "tooManyFiles"],
    ["invalid_input", [{ path: "content", message: "too long" }], "messageRefused"],
    ["bad_request", undefined, "messageRefused"],
    ["invalid_input", [{ path: "attachmentIds.3", message: "not a file of this message" }], "messageRefused"],
    ["quota_reached", undefined, "quotaReached"],
    ["something_new", [{ path: "attachmentIds" }], "unableToProcessLater"],
  ] as const)(
    "shows a failed send's %s (%j) as %s, with no retry for a refused message",
    (code, details, notice) => {
      expect(noticeOfFailure(code, details)).toBe(notice);
      if (code === "invalid_input" || code === "bad_request") expect(isRetryable(notice)).toBe(false);
    },
  );

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
