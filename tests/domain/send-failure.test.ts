// A refused send's notice and what it adds: the quota that ran out, the wait, and the free model meanwhile.
import { describe, expect, it } from "vitest";
import { sendFailureOf } from "../../src/domain/chat/send-failure";

describe("sendFailureOf", () => {
  it.each([
    [
      "quota_reached",
      { category: "text", used: 50, limit: 50 },
      3599.2,
      {
        notice: "quotaReached",
        quota: { category: "text", limit: 50 },
        retryAfterSeconds: 3600,
        freeModel: "gpt-5-mini",
      },
    ],
    [
      "quota_reached",
      { category: "image", used: 180, limit: 180 },
      86_400,
      {
        notice: "quotaReached",
        quota: { category: "image", limit: 180 },
        retryAfterSeconds: 86_400,
        freeModel: "flux-schnell",
      },
    ],
    // Details it cannot read are left out, not guessed.
    ["quota_reached", { category: "video", limit: 5 }, undefined, { notice: "quotaReached" }],
    ["quota_reached", { category: "text", limit: "50" }, 0, { notice: "quotaReached" }],
    ["quota_reached", null, 30, { notice: "quotaReached", retryAfterSeconds: 30 }],
    ["fair_usage_limit", { retryAfterSeconds: 45 }, 45, { notice: "fairUsageLimit", retryAfterSeconds: 45 }],
    ["fair_usage_limit", undefined, undefined, { notice: "fairUsageLimit" }],
    // Other refusals say no more than their notice, whatever came with them.
    ["provider_unavailable", { category: "text", limit: 50 }, 600, { notice: "providerUnavailable" }],
    [
      "invalid_input",
      [{ path: "attachmentIds", message: "at most 20" }],
      undefined,
      { notice: "tooManyFiles" },
    ],
  ] as const)("%s %j, Retry-After %s → %j", (code, details, wait, failure) => {
    expect(sendFailureOf(code, details, wait)).toEqual(failure);
  });
});
