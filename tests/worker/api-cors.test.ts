// The public API from a web page on another site: preflights answered, answers readable (a Bearer key is
// sent, never a cookie); the app's own API stays same-origin only.
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, json } from "./support/api";
import { accountOnPlan } from "./support/plans";

const ORIGIN = "https://some-other-site.example";

describe("CORS on /api/v1", () => {
  it("answers a browser's preflight for a chat completion with a key", async () => {
    const res = await exports.default.fetch(
      new Request("http://localhost/api/v1/chat/completions", {
        method: "OPTIONS",
        headers: {
          Origin: ORIGIN,
          "Access-Control-Request-Method": "POST",
          "Access-Control-Request-Headers": "authorization, content-type",
        },
      }),
    );
    expect(res.status).toBe(204);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(res.headers.get("Access-Control-Allow-Methods")).toContain("POST");
    expect(res.headers.get("Access-Control-Allow-Headers")?.toLowerCase()).toContain("authorization");
    expect(res.headers.get("Access-Control-Allow-Credentials")).toBeNull();
  });

  it("lets the page read the answer, and a refusal's Retry-After", async () => {
    const account = await accountOnPlan("expert");
    const created = await api("/api/keys/create", { cookie: account.cookie, body: { name: "web page" } });
    const { key } = await json<{ key: string }>(created);
    const models = await exports.default.fetch(
      new Request("http://localhost/api/v1/models", {
        headers: { Origin: ORIGIN, Authorization: `Bearer ${key}` },
      }),
    );
    expect(models.status).toBe(200);
    expect(models.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(models.headers.get("Access-Control-Expose-Headers")).toContain("Retry-After");
    // Without a key the answer is still a readable 401, not an opaque network error.
    const anonymous = await exports.default.fetch(
      new Request("http://localhost/api/v1/models", { headers: { Origin: ORIGIN } }),
    );
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("Access-Control-Allow-Origin")).toBe("*");
  });

  it("gives the app's own API no CORS headers, and still refuses its cross-site writes", async () => {
    const preflight = await exports.default.fetch(
      new Request("http://localhost/api/chat/new", {
        method: "OPTIONS",
        headers: { Origin: ORIGIN, "Access-Control-Request-Method": "POST" },
      }),
    );
    expect(preflight.headers.get("Access-Control-Allow-Origin")).toBeNull();
    const account = await accountOnPlan("expert");
    const write = await exports.default.fetch(
      new Request("http://localhost/api/chat/new", {
        method: "POST",
        headers: { Origin: ORIGIN, Cookie: account.cookie, "Content-Type": "application/json" },
        body: JSON.stringify({ assistantId: "default", model: "test", content: "Hello" }),
      }),
    );
    expect(write.status).toBe(403);
    expect(write.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });
});
