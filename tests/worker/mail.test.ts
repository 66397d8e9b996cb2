// The mailer: the outbox outside production, the HTTP API when configured, and no silent outbox in production.
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../../src/env";
import { mailerFor } from "../../src/mail/mailer";
import { onError } from "../../src/middleware/error-handler";
import { createDevRoutes } from "../../src/routes/dev";
import { call, uniqueEmail, withDb } from "./support/accounts";

describe("mailerFor", () => {
  it("stores mail in the outbox, readable at GET /api/dev/outbox, newest first", async () => {
    const to = uniqueEmail("mail");
    await withDb(async (db) => {
      const mailer = mailerFor({ APP_ENV: "test" }, () => db);
      await mailer.send({ to, subject: "first", text: "one" });
      await mailer.send({ to, subject: "second", text: "two" });
    });
    const res = await call(`/api/dev/outbox?email=${encodeURIComponent(to.toUpperCase())}`);
    const { messages } = (await res.json()) as { messages: { to: string; subject: string }[] };
    expect(messages.map((m) => m.subject)).toEqual(["second", "first"]);
    expect(messages.every((m) => m.to === to)).toBe(true);
  });

  it("refuses to fall back to the outbox in production", () => {
    expect(() => mailerFor({ APP_ENV: "production" }, () => Promise.reject() as never)).toThrow(
      /MAIL_API_URL/,
    );
  });

  it("needs a key and a sender with the HTTP API", () => {
    expect(() =>
      mailerFor({ MAIL_API_URL: "https://mail.example/emails" }, () => Promise.reject() as never),
    ).toThrow(/MAIL_API_KEY/);
  });
});

describe("GET /api/dev/outbox", () => {
  it("400 without a valid email", async () => {
    expect((await call("/api/dev/outbox")).status).toBe(400);
  });
});

describe("dev routes", () => {
  it("answer 404 when the environment is production, even in a development build", async () => {
    const app = new Hono<AppEnv>().route("/api/dev", createDevRoutes());
    app.onError(onError);
    const res = await app.request("/api/dev/outbox?email=a@example.test", {}, { APP_ENV: "production" });
    expect(res.status).toBe(404);
  });
});
