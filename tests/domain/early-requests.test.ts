// The first screen's requests main.tsx starts before the app's code has arrived: exactly those the hooks make.
import { describe, expect, it } from "vitest";
import { earlyRequests } from "../../src/domain/early-requests";

describe("earlyRequests", () => {
  it.each([
    ["/login", ["/api/login/user"]],
    ["/pricing", ["/api/login/user"]],
    ["/app/account/settings", ["/api/login/user"]],
    ["/app/a/default", ["/api/login/user", "/api/assistants/all"]],
    ["/app/a/12", ["/api/login/user", "/api/assistants/all"]],
    ["/app/a/default/c/42", ["/api/login/user", "/api/assistants/all", "/api/chat/42?limit=60"]],
    // Invalid parameters are the 404 page: nothing but the user.
    ["/app/a/default/c/abc", ["/api/login/user"]],
    ["/app/a/nope", ["/api/login/user"]],
    ["/no/such/page", ["/api/login/user"]],
  ])("%s", (path, urls) => {
    expect(earlyRequests(path)).toEqual(urls);
  });
});
