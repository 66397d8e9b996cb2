// User-action grouping (100 ms), the pending-request wait (10 s), first-input ratings (100/300 ms), route
// patterns and the Analytics Engine data point layout.
import { describe, expect, it } from "vitest";
import { toDataPoint } from "../../src/domain/monitoring/data-point";
import { firstInputRating, isSessionId, routePattern } from "../../src/domain/monitoring/items";
import { ActionGrouper } from "../../src/domain/monitoring/user-actions";

function grouper() {
  let time = 0;
  const actions = new ActionGrouper(() => time);
  const advance = (ms: number) => {
    time += ms;
  };
  return { actions, advance };
}

describe("user actions", () => {
  it("groups interactions less than 100 ms apart", () => {
    const { actions, advance } = grouper();
    expect(actions.interact("click", "/app")).toBeNull();
    advance(60);
    actions.interact("click");
    advance(99);
    expect(actions.poll()).toBeNull();
    advance(1);
    expect(actions.poll()).toEqual({
      type: "action",
      name: "click",
      value: 2,
      at: 0,
      duration: 160,
      route: "/app",
    });
    expect(actions.poll()).toBeNull();
  });

  it("a later interaction closes the previous action and starts its own", () => {
    const { actions, advance } = grouper();
    actions.interact("click");
    advance(150);
    expect(actions.interact("keydown")).toMatchObject({ name: "click", value: 1 });
    advance(100);
    expect(actions.poll()).toMatchObject({ name: "keydown", at: 150 });
  });

  it("waits for the requests it started, up to 10 s", () => {
    const { actions, advance } = grouper();
    actions.interact("click");
    actions.requestStarted();
    advance(5_000);
    expect(actions.poll()).toBeNull();
    actions.requestEnded();
    advance(99);
    expect(actions.poll()).toBeNull();
    advance(1);
    expect(actions.poll()).toMatchObject({ duration: 5_100 });

    actions.interact("click");
    actions.requestStarted();
    advance(9_999);
    expect(actions.poll()).toBeNull();
    advance(1);
    expect(actions.poll()).toMatchObject({ duration: 10_000 });
  });

  it("a request after the action closed is not its", () => {
    const { actions, advance } = grouper();
    actions.interact("click");
    advance(100);
    actions.requestStarted();
    expect(actions.poll()).toMatchObject({ duration: 100 });
  });
});

describe("first input", () => {
  it.each([
    [0, "good"],
    [100, "good"],
    [101, "needs-improvement"],
    [300, "needs-improvement"],
    [301, "poor"],
  ])("%d ms is %s", (delay, rating) => {
    expect(firstInputRating(delay)).toBe(rating);
  });
});

describe("route patterns", () => {
  it.each([
    ["/app/a/default/c/123", "/app/a/default/c/:id"],
    ["/app/a/12/c/345?x=1", "/app/a/:id/c/:id"],
    ["/shared/0f8e1d2c-3b4a-4c5d-8e6f-7a8b9c0d1e2f", "/shared/:id"],
    ["/pricing", "/pricing"],
  ])("%s → %s", (path, pattern) => {
    expect(routePattern(path)).toBe(pattern);
  });
});

describe("session ids", () => {
  it.each([
    ["0f8e1d2c-3b4a-4c5d-8e6f-7a8b9c0d1e2f", true],
    ["short", false],
    ["a b c d e f g h", false],
    [undefined, false],
  ])("%s → %s", (id, valid) => {
    expect(isSessionId(id)).toBe(valid);
  });
});

describe("Analytics Engine data point", () => {
  it("lays out the columns the README's queries read", () => {
    expect(
      toDataPoint(
        { type: "stream", name: "ttft", value: 420, at: 5, model: "gpt-5-mini", route: "/app/a/:id" },
        { sessionId: "s-123456789", userId: 7, country: "FR" },
      ),
    ).toEqual({
      indexes: ["s-123456789"],
      blobs: ["stream", "ttft", "/app/a/:id", "gpt-5-mini", "", "s-123456789", "7", "FR"],
      doubles: [420, 0, 0, 5],
    });
  });
});
