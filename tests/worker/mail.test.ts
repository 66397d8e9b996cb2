// The mailer: the outbox outside production, the HTTP API when configured, and no silent outbox in production.
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { describe, expect, inject, it } from "vitest";
import { user } from "../../drizzle/schema";
import type { AppEnv } from "../../src/env";
import { httpMailer, mailerFor } from "../../src/mail/mailer";
import { onError } from "../../src/middleware/error-handler";
import { createDevRoutes } from "../../src/routes/dev";
import {
  call,
  sessionCookie,
  uniqueEmail,
  uniqueIp,
  updateVerificationCode,
  withDb,
} from "./support/accounts";
import { callWith } from "./support/worker-env";

const FROM = "Switchboard <no-reply@switchboard.test>";

interface ReceivedMail {
  path: string;
  headers: Record<string, string | undefined>;
  body: { from: string; to: string[]; subject: string; text: string };
  status: number;
}

/** What the local mail API (tests/mail/server.ts) received for this address. */
async function received(to: string): Promise<ReceivedMail[]> {
  const res = await fetch(`${inject("mailControl")}/received?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { requests: ReceivedMail[] }).requests;
}

const productionMail = (url = `${inject("mailApiUrl")}/emails`) => ({
  MAIL_API_URL: url,
  MAIL_API_KEY: inject("mailApiKey"),
  MAIL_FROM: FROM,
});

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

describe("the HTTP mail API (production mail)", () => {
  it("POSTs { from, to: [to], subject, text } as JSON with the bearer key", async () => {
    const to = uniqueEmail("http-mail");
    const { MAIL_API_URL, MAIL_API_KEY } = productionMail();
    await httpMailer({ url: MAIL_API_URL, apiKey: MAIL_API_KEY, from: FROM }).send({
      to,
      subject: "Hello",
      text: "Line one\nLine two",
    });
    const [mail, ...more] = await received(to);
    expect(more).toEqual([]);
    expect(mail?.status).toBe(200);
    expect(mail?.path).toBe("/emails");
    expect(mail?.headers.authorization).toBe(`Bearer ${MAIL_API_KEY}`);
    expect(mail?.headers["content-type"]).toContain("application/json");
    expect(mail?.body).toEqual({ from: FROM, to: [to], subject: "Hello", text: "Line one\nLine two" });
  });

  it("turns a non-2xx answer into an error naming the status and the API's message", async () => {
    const to = uniqueEmail("http-fail");
    const { MAIL_API_KEY } = productionMail();
    const failing = httpMailer({
      url: `${inject("mailApiUrl")}/status/503/emails`,
      apiKey: MAIL_API_KEY,
      from: FROM,
    });
    await expect(failing.send({ to, subject: "s", text: "t" })).rejects.toThrow(
      /mail API answered 503: .*Forced failure 503/,
    );
    const wrongKey = httpMailer({ url: `${inject("mailApiUrl")}/emails`, apiKey: "re_wrong", from: FROM });
    await expect(wrongKey.send({ to, subject: "s", text: "t" })).rejects.toThrow(/mail API answered 403/);
    expect((await received(to)).map((r) => r.status)).toEqual([503, 403]);
  });

  it("carries a new account's code, which verifies it, and nothing lands in the outbox", async () => {
    const email = uniqueEmail("prod-signup");
    const signUp = await callWith(productionMail(), "/api/login/signup", {
      body: { email, password: "a long enough passphrase" },
      ip: uniqueIp(),
    });
    expect(signUp.status).toBe(201);
    const [mail] = await received(email);
    expect(mail?.body.to).toEqual([email]);
    expect(mail?.body.from).toBe(FROM);
    const code = mail?.body.text.match(/\b(\d{6})\b/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const outbox = await call(`/api/dev/outbox?email=${encodeURIComponent(email)}`);
    expect(((await outbox.json()) as { messages: unknown[] }).messages).toEqual([]);
    const verify = await call("/api/login/verification", {
      body: { code },
      cookie: sessionCookie(signUp),
    });
    expect(verify.status).toBe(200);
  });

  it("a failing mail API does not lose the account: sign-up answers 201 and the code can be sent again", async () => {
    const email = uniqueEmail("prod-mail-down");
    const down = productionMail(`${inject("mailApiUrl")}/status/500/emails`);
    const signUp = await callWith(down, "/api/login/signup", {
      body: { email, password: "a long enough passphrase" },
      ip: uniqueIp(),
    });
    expect(signUp.status).toBe(201);
    expect((await received(email)).map((r) => r.status)).toEqual([500]);
    const cookie = sessionCookie(signUp);
    const state = await call("/api/login/verification", { cookie });
    expect(await state.json()).toMatchObject({ email, verified: false });

    // A minute later (moved back in time here), the API is up again and the resent code works.
    await updateVerificationCode(email, { sentAt: new Date(Date.now() - 61_000) });
    const resend = await callWith(productionMail(), "/api/login/verification/resend", {
      method: "POST",
      cookie,
    });
    expect(resend.status).toBe(200);
    const [, mail] = await received(email);
    expect(mail?.status).toBe(200);
    const code = mail?.body.text.match(/\b(\d{6})\b/)?.[1];
    expect((await call("/api/login/verification", { body: { code }, cookie })).status).toBe(200);
  });
});

describe("the mails' language", () => {
  const outbox = async (email: string) => {
    const res = await call(`/api/dev/outbox?email=${encodeURIComponent(email)}`);
    return ((await res.json()) as { messages: { subject: string; text: string }[] }).messages;
  };

  it("is the reader's: the browser's at sign-up, the locale cookie's after; the code still reads as a code", async () => {
    const email = uniqueEmail("sprache");
    const signUp = await call("/api/login/signup", {
      body: { email, password: "a long enough passphrase" },
      headers: { "Accept-Language": "de-AT, de;q=0.9, en;q=0.5" },
    });
    expect(signUp.status).toBe(201);
    const [code] = await outbox(email);
    expect(code?.subject).toMatch(/^Dein Switchboard-Code: \d{6}$/);
    expect(code?.text).toContain("innerhalb von 15 Minuten auf der Bestätigungsseite");

    // The account was made in German; a reset asked from a French-speaking app is in French.
    await withDb((db) => db.update(user).set({ verified: true }).where(eq(user.email, email)));
    const forgot = await call("/api/login/forgot", {
      body: { email },
      headers: { Cookie: "locale=fr", "Accept-Language": "de" },
    });
    expect(forgot.status).toBe(200);
    const [reset] = await outbox(email);
    expect(reset?.subject).toMatch(/^Votre code de réinitialisation Switchboard : \d{6}$/);
    expect(reset?.text.match(/\b(\d{6})\b/)?.[1]).toMatch(/^\d{6}$/);

    // Nothing we speak: English.
    const other = uniqueEmail("other");
    await call("/api/login/signup", {
      body: { email: other, password: "a long enough passphrase" },
      headers: { "Accept-Language": "ja-JP" },
    });
    expect((await outbox(other))[0]?.subject).toMatch(/^Your Switchboard code: \d{6}$/);
  });
});
