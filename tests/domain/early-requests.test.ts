// The first screen's requests main.tsx starts before the app's code has arrived: exactly those the hooks make.
import { describe, expect, it } from "vitest";
import { earlyNamespaces, earlyRequests, firstNamespaces } from "../../src/domain/early-requests";

const chats = (assistantId: string) => ({
  url: "/api/assistants/chats",
  body: JSON.stringify({ assistantId, limit: 30, offset: 0 }),
});

const user = { url: "/api/login/user" };
const all = { url: "/api/assistants/all" };

describe("earlyRequests", () => {
  it.each([
    ["/login", [user]],
    ["/pricing", [user]],
    ["/app/account/settings", [user]],
    ["/app/a/default", [user, all, chats("default")]],
    ["/app/a/12", [user, all, chats("12")]],
    ["/app/a/default/c/42", [user, all, chats("default"), { url: "/api/chat/42?limit=60" }]],
    // Invalid parameters are the 404 page: nothing but the user.
    ["/app/a/default/c/abc", [user]],
    ["/app/a/nope", [user]],
    ["/no/such/page", [user]],
  ])("%s", (path, requests) => {
    expect(earlyRequests(path)).toEqual(requests);
  });

  it.each([
    ["/", ["common"]],
    ["/pricing", ["common"]],
    ["/app/a/default/c/42", ["common", "app", "chat", "account", "errors"]],
    ["/app/account/settings", ["common", "app", "account", "errors"]],
    ["/app/assistants", ["common", "app", "account", "errors"]],
    ["/app/a/nope", ["common"]],
  ])("catalogues of %s", (path, namespaces) => {
    expect(earlyNamespaces(path)).toEqual(namespaces);
  });

  it.each([
    ["/", ["common", "home"]],
    ["/pricing", ["common", "pricing"]],
    ["/login", ["common"]],
    ["/app/a/default/c/42", ["common", "app", "chat", "account", "errors"]],
  ])("catalogues the entry loads before %s first renders", (path, namespaces) => {
    expect(firstNamespaces(path)).toEqual(namespaces);
  });
});
