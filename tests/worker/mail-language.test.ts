// Which language a mail speaks: the page's that sent it (the app names it in X-Page-Locale, its address's
// prefix) before the locale cookie and the browser's languages; an existing account's saved language first.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { user } from "../../drizzle/schema";
import { PAGE_LOCALE_HEADER } from "../../src/domain/locale-routing";
import {
  call,
  createAccount,
  sessionCookie,
  uniqueEmail,
  updateVerificationCode,
  withDb,
} from "./support/accounts";
import { accountOnPlan } from "./support/plans";

const PASSWORD = "a long enough passphrase";

/** The newest mail's subject for `email` (the dev outbox lists them newest first). */
async function newestSubject(email: string): Promise<string> {
  const res = await call(`/api/dev/outbox?email=${encodeURIComponent(email)}`);
  return ((await res.json()) as { messages: { subject: string }[] }).messages[0]?.subject ?? "";
}

/** What a page under /de/ sends, in a browser that once picked French and speaks English. */
const fromGermanPage = { [PAGE_LOCALE_HEADER]: "de", Cookie: "locale=fr", "Accept-Language": "en-GB, en" };

const verify = (email: string) =>
  withDb((db) => db.update(user).set({ verified: true }).where(eq(user.email, email)));

describe("a mail sent from a page", () => {
  it("speaks the page's language: the sign-up code, a new code and a reset code from /de/", async () => {
    const email = uniqueEmail("de-page");
    const signUp = await call("/api/login/signup", {
      body: { email, password: PASSWORD },
      headers: fromGermanPage,
    });
    expect(signUp.status).toBe(201);
    expect(await newestSubject(email)).toMatch(/^Dein Switchboard-Code: \d{6}$/);

    // A minute later (moved back in time here), "Send me a new code" from the same page.
    await updateVerificationCode(email, { sentAt: new Date(Date.now() - 61_000) });
    const cookie = `${sessionCookie(signUp)}; locale=fr`;
    const resend = await call("/api/login/verification/resend", {
      method: "POST",
      cookie,
      headers: { [PAGE_LOCALE_HEADER]: "de", "Accept-Language": "en" },
    });
    expect(resend.status).toBe(200);
    expect(await newestSubject(email)).toMatch(/^Dein Switchboard-Code: \d{6}$/);

    await verify(email);
    const forgot = await call("/api/login/forgot", { body: { email }, headers: fromGermanPage });
    expect(forgot.status).toBe(200);
    expect(await newestSubject(email)).toMatch(
      /^Dein Code zum Zurücksetzen des Switchboard-Passworts: \d{6}$/,
    );
  });

  it("speaks the page's language in a team invitation from /it/", async () => {
    const admin = await accountOnPlan("starter", { seats: 2 });
    const invitee = uniqueEmail("invitee");
    const res = await call("/api/team/invite", {
      body: { emails: [invitee] },
      cookie: `${admin.cookie}; locale=fr`,
      headers: { [PAGE_LOCALE_HEADER]: "it", "Accept-Language": "en" },
    });
    expect(res.status).toBe(200);
    expect(await newestSubject(invitee)).toBe(`${admin.email} ti invita nel suo team Switchboard`);
  });

  it("ignores a page language we do not speak: the cookie's, else the browser's", async () => {
    const first = uniqueEmail("xx-page");
    await call("/api/login/signup", {
      body: { email: first, password: PASSWORD },
      headers: { [PAGE_LOCALE_HEADER]: "xx", Cookie: "locale=fr", "Accept-Language": "de" },
    });
    expect(await newestSubject(first)).toMatch(/^Votre code Switchboard : \d{6}$/);
    const second = uniqueEmail("no-page");
    await call("/api/login/signup", {
      body: { email: second, password: PASSWORD },
      headers: { [PAGE_LOCALE_HEADER]: "", "Accept-Language": "es-MX, es" },
    });
    expect(await newestSubject(second)).toMatch(/^Tu código de Switchboard: \d{6}$/);
  });
});

describe("a mail to an existing account", () => {
  const savedPolish = async () => {
    const account = await createAccount();
    const saved = await call("/api/user/preferences/saveLanguage", {
      body: { lang: "pl" },
      cookie: account.cookie,
    });
    expect(saved.status).toBe(200);
    return account;
  };

  it("speaks the language the account saved, whatever page asks for a password reset", async () => {
    const account = await savedPolish();
    const forgot = await call("/api/login/forgot", {
      body: { email: account.email },
      headers: { [PAGE_LOCALE_HEADER]: "en", "Accept-Language": "en" },
    });
    expect(forgot.status).toBe(200);
    expect(await newestSubject(account.email)).toMatch(/^Twój kod do resetowania hasła Switchboard/);
  });

  it("tells the owner of an address someone tried to sign up with in the owner's saved language", async () => {
    const account = await savedPolish();
    const signUp = await call("/api/login/signup", {
      body: { email: account.email, password: PASSWORD },
      headers: fromGermanPage,
    });
    expect(signUp.status).toBe(201);
    expect(await newestSubject(account.email)).toMatch(/^Ktoś próbował/);
  });

  it("invites an address whose account saved a language in that language, not the admin's", async () => {
    const account = await savedPolish();
    const admin = await accountOnPlan("starter", { seats: 2 });
    const res = await call("/api/team/invite", {
      body: { emails: [account.email] },
      cookie: admin.cookie,
      headers: { [PAGE_LOCALE_HEADER]: "it" },
    });
    expect(res.status).toBe(200);
    expect(await newestSubject(account.email)).toBe(
      `${admin.email} zaprasza Cię do swojego zespołu w Switchboard`,
    );
  });

  it("keeps the request's language when the account saved none", async () => {
    const account = await createAccount();
    await call("/api/login/forgot", { body: { email: account.email }, headers: fromGermanPage });
    expect(await newestSubject(account.email)).toMatch(
      /^Dein Code zum Zurücksetzen des Switchboard-Passworts: \d{6}$/,
    );
  });
});
