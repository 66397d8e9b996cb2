// Which API paths are public: the allow-list, table-driven.
import { describe, expect, it } from "vitest";
import { isKeyApiPath, isPublicApiPath, isUnverifiedApiPath } from "../../src/domain/api-access";

describe("isPublicApiPath", () => {
  it.each([
    ["/api/health", true],
    ["/api/health/", true],
    ["/api/login", true],
    ["/api/login/signup", true],
    ["/api/login/forgot", true],
    ["/api/login/reset", true],
    ["/api/login/user", false],
    ["/api/login/password", false],
    ["/api/login/providers", true],
    ["/api/login/verification", false],
    ["/api/login/delete", false],
    ["/api/logout", true],
    ["/api/user/preferences/saveLanguage", false],
    ["/api/login/oauth/github", true],
    ["/api/login/oauth/", false],
    ["/api/contact", true],
    ["/api/collect", true],
    ["/api/shared/0b6e3c2a-1f2d-4c3b-9a8e-7d6c5b4a3f21", true],
    ["/api/billing/webhook", true],
    ["/api/chat/new", false],
    ["/api/chat/12", false],
    ["/api/healthz", false],
    ["/api/health/extra", false],
    ["/api/dev/outbox", true],
    ["/api/devil", false],
  ])("%s → public %s", (path, expected) => {
    expect(isPublicApiPath(path)).toBe(expected);
  });
});

describe("isUnverifiedApiPath", () => {
  it.each([
    ["/api/login/verification", true],
    ["/api/login/verification/resend", true],
    ["/api/login/delete", true],
    ["/api/login/user", false],
    ["/api/login/password", false],
    ["/api/user/preferences/saveLanguage", false],
    ["/api/chat/new", false],
  ])("%s → open before verification %s", (path, expected) => {
    expect(isUnverifiedApiPath(path)).toBe(expected);
  });
});

describe("isKeyApiPath (Bearer key instead of session and Origin)", () => {
  it.each([
    ["/api/v1", true],
    ["/api/v1/models", true],
    ["/api/v1/chat/completions", true],
    ["/api/v10/models", false],
    ["/api/v1models", false],
    ["/api/keys", false],
    ["/v1/models", false],
  ])("%s → %s", (path, expected) => {
    expect(isKeyApiPath(path)).toBe(expected);
  });
});
