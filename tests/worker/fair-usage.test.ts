// The fair-usage rate: requests per minute and per hour for every model, free ones included, checked and
// recorded in the quota's transaction; over it, 429 fair_usage_limit with Retry-After.
import { describe, expect, it } from "vitest";
import { FAIR_USAGE_RATES } from "../../src/domain/fair-usage";
import { api, json } from "./support/api";
import { accountOnPlan, addUsage, usageCount } from "./support/plans";

type ErrorBody = { error: { code: string; message: string } };

const PER_MINUTE = FAIR_USAGE_RATES.find((r) => r.windowSeconds === 60)?.limit ?? 0;
const PER_HOUR = FAIR_USAGE_RATES.find((r) => r.windowSeconds === 3600)?.limit ?? 0;

const newChat = (cookie: string, model: string, content = "Hello") =>
  api("/api/chat/new", { cookie, body: { assistantId: "default", model, content } });

describe("the fair-usage rate", () => {
  it.each([
    ["a free model", "gpt-5-mini", "reasoning"],
    ["a quota model", "test", "text"],
  ])(
    `lets %s (%s) through ${PER_MINUTE} times a minute, even all at once`,
    async (_label, model, category) => {
      const account = await accountOnPlan("expert");
      const extra = 5;
      const answers = await Promise.all(
        Array.from({ length: PER_MINUTE + extra }, (_, i) => newChat(account.cookie, model, `burst ${i}`)),
      );
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(PER_MINUTE);
      expect(statuses.filter((s) => s === 429)).toHaveLength(extra);
      const refused = answers.find((r) => r.status === 429);
      if (!refused) throw new Error("nothing was refused");
      const wait = Number(refused.headers.get("Retry-After"));
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
      const { error } = await json<ErrorBody>(refused);
      expect(error.code).toBe("fair_usage_limit");
      expect(error.message).toBe("You have temporarily reached your fair usage limit.");
      // Only what was let through was recorded: a refusal leaves no trace.
      expect(await usageCount(account.id, category)).toBe(PER_MINUTE);
    },
  );

  it("counts the last hour too, and says when the oldest request leaves it", async () => {
    const account = await accountOnPlan("expert");
    await addUsage(account.id, "reasoning", PER_HOUR - 1, new Date(Date.now() - 30 * 60_000));
    expect((await newChat(account.cookie, "gpt-5-mini")).status).toBe(201);
    const over = await newChat(account.cookie, "gpt-5-mini");
    expect(over.status).toBe(429);
    expect((await json<ErrorBody>(over)).error.code).toBe("fair_usage_limit");
    const wait = Number(over.headers.get("Retry-After"));
    expect(wait).toBeGreaterThan(25 * 60);
    expect(wait).toBeLessThanOrEqual(30 * 60 + 5);
  });

  it("is per person: a team member's rate does not use up the admin's", async () => {
    const admin = await accountOnPlan("standard", { seats: 3 });
    const member = await accountOnPlan("standard", { adminUserId: admin.id });
    await addUsage(member.id, "reasoning", PER_MINUTE, new Date(Date.now() - 10_000));
    expect((await newChat(member.cookie, "gpt-5-mini")).status).toBe(429);
    expect((await newChat(admin.cookie, "gpt-5-mini")).status).toBe(201);
  });
});
