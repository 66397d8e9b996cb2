// The model picker: groups by category, the initial model, counting a completion.
import { describe, expect, it } from "vitest";
import { countCompletion, initialModel, pickerGroups } from "../../src/domain/chat/model-picker";
import { cleanModelsConfiguration } from "../../src/domain/models";
import { emptyUsageCounts } from "../../src/domain/usage";

describe("model picker", () => {
  const configuration = cleanModelsConfiguration({ text: ["claude-sonnet-5-5", "test"], reasoning: [] });

  it("groups by category in the issue's order, keeping the user's order within a group", () => {
    const groups = pickerGroups(configuration, "starter");
    expect(groups.map((g) => g.category)).toEqual(["text", "reasoning", "web", "image", "light"]);
    expect(groups[0]?.models.slice(0, 2).map((m) => m.key)).toEqual(["claude-sonnet-5-5", "test"]);
    expect(initialModel(groups)).toBe("claude-sonnet-5-5");
  });

  it("offers only what the plan allows: free models stay for a plan without quota", () => {
    const groups = pickerGroups(configuration, "unsubscribed");
    const keys = groups.flatMap((g) => g.models.map((m) => m.key));
    expect(keys.sort()).toEqual(["flux-schnell", "gpt-5-mini"]);
  });

  it("shows a chat's model missing from the list (retired, or a test model) at the head of its group", () => {
    const groups = pickerGroups(configuration, "expert", "o1");
    const first = groups.find((g) => g.category === "reasoning")?.models[0];
    expect(first).toMatchObject({ key: "o1", deprecated: true });
    expect(
      pickerGroups(configuration, "expert", "test-web").find((g) => g.category === "web")?.models[0]?.key,
    ).toBe("test-web");
    expect(
      pickerGroups(configuration, "expert")
        .flatMap((g) => g.models)
        .some((m) => m.deprecated),
    ).toBe(false);
  });

  it("counts a completed message in its quota category", () => {
    const counts = countCompletion(emptyUsageCounts(), "test");
    expect(counts.text).toBe(1);
    expect(countCompletion(counts, "test-image").image).toBe(1);
    expect(countCompletion(counts, "nope")).toBe(counts);
  });
});
