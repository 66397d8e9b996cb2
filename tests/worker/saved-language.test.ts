// The language saved in settings follows the account to a new browser: the sign-in sets the locale cookie
// and says which language, and an account without one leaves the browser's choice alone.
import { describe, expect, it } from "vitest";
import { call, createAccount, setCookieLine } from "./support/accounts";

const signIn = (email: string, password: string) => call("/api/login", { body: { email, password } });

describe("the saved language at sign-in", () => {
  it("sets the locale cookie and answers the language", async () => {
    const account = await createAccount();
    const saved = await call("/api/user/preferences/saveLanguage", {
      body: { lang: "fr" },
      cookie: account.cookie,
    });
    expect(saved.status).toBe(200);

    const res = await signIn(account.email, account.password);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { lang: string | null }).lang).toBe("fr");
    const cookie = setCookieLine(res, "locale");
    expect(cookie).toMatch(/^locale=fr;/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/HttpOnly/i);
  });

  it("leaves the browser's language alone when none is saved", async () => {
    const account = await createAccount();
    const res = await signIn(account.email, account.password);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { lang: string | null }).lang).toBeNull();
    expect(setCookieLine(res, "locale")).toBeUndefined();
  });
});
