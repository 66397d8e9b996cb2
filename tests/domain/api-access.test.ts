// Which API routes are public: the allow-list, table-driven.
import { describe, expect, it } from "vitest";
import { isPublicApiRoute } from "../../src/domain/api-access";

describe("isPublicApiRoute", () => {
  it.each([
    ["GET", "/api/health", true],
    ["HEAD", "/api/health", true],
    ["POST", "/api/health", false],
    ["POST", "/api/login", true],
    ["POST", "/api/login/signup", true],
    ["GET", "/api/login/user", false],
    ["POST", "/api/login/password", false],
    ["GET", "/api/login/oauth/github", true],
    ["GET", "/api/login/oauth/", false],
    ["POST", "/api/contact", true],
    ["GET", "/api/shared/0b6e3c2a-1f2d-4c3b-9a8e-7d6c5b4a3f21", true],
    ["POST", "/api/billing/webhook", true],
    ["POST", "/api/chat/new", false],
    ["GET", "/api/chat/12", false],
    ["GET", "/api/healthz", false],
    ["GET", "/api/health/extra", false],
    ["get", "/api/health", true],
  ])("%s %s → public %s", (method, path, expected) => {
    expect(isPublicApiRoute(method, path)).toBe(expected);
  });
});
