// scrypt in workerd: the stored format, verification, the upgrade rule and the dummy hash for unknown emails.
import { beforeAll, describe, expect, it } from "vitest";
import {
  CURRENT_SCRYPT_PARAMS,
  configureScrypt,
  DUMMY_PASSWORD_HASH,
  dummyPasswordHash,
  hashPassword,
  LOW_SCRYPT_PARAMS,
  needsRehash,
  scryptParams,
  verifyPassword,
} from "../../src/auth/password";

describe("password hashing", () => {
  // Production's parameters, whatever a request of this isolate configured (the test Worker's are low).
  beforeAll(() => configureScrypt({}));

  it("stores the parameters, a random salt and the key, and verifies only the right password", async () => {
    const a = await hashPassword("correct horse battery staple");
    const b = await hashPassword("correct horse battery staple");
    expect(a).toMatch(/^scrypt\$16384\$8\$5\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword("correct horse battery staple", a)).toBe(true);
    expect(await verifyPassword("correct horse battery stapl", a)).toBe(false);
  });

  it("verifies a hash made with older parameters and asks for an upgrade", async () => {
    const old = await hashPassword("an older passphrase", { N: 2 ** 12, r: 8, p: 1 });
    expect(old.startsWith("scrypt$4096$8$1$")).toBe(true);
    expect(await verifyPassword("an older passphrase", old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(await hashPassword("x".repeat(12)))).toBe(false);
  });

  it.each([
    ["not a hash"],
    ["scrypt$16384$8$5$$"],
    ["scrypt$99999999$8$5$AAAA$AAAA"],
    ["pbkdf2$1$AAAA$AAAA"],
  ])("an unreadable stored value %j never matches", async (stored) => {
    expect(await verifyPassword("anything at all", stored)).toBe(false);
    expect(needsRehash(stored)).toBe(true);
  });

  it("the dummy hash uses today's parameters, so unknown emails cost what a wrong password costs", async () => {
    const [, N, r, p] = DUMMY_PASSWORD_HASH.split("$").map(Number);
    expect({ N, r, p }).toEqual(CURRENT_SCRYPT_PARAMS);
    expect(needsRehash(DUMMY_PASSWORD_HASH)).toBe(false);
    expect(await dummyPasswordHash()).toBe(DUMMY_PASSWORD_HASH);
  });
});

describe("a test Worker's low cost", () => {
  it.each([
    [{ APP_ENV: "production", SCRYPT_COST: "low" }, CURRENT_SCRYPT_PARAMS],
    [{ APP_ENV: "development", SCRYPT_COST: "low" }, CURRENT_SCRYPT_PARAMS],
    [{ SCRYPT_COST: "low" }, CURRENT_SCRYPT_PARAMS],
    [{ APP_ENV: "test" }, CURRENT_SCRYPT_PARAMS],
    [{ APP_ENV: "test", SCRYPT_COST: "low" }, LOW_SCRYPT_PARAMS],
  ])("%j hashes with %j", async (env, expected) => {
    configureScrypt(env);
    try {
      const { N, r, p } = expected;
      expect(scryptParams()).toEqual(expected);
      expect((await hashPassword("a passphrase")).startsWith(`scrypt$${N}$${r}$${p}$`)).toBe(true);
      // The dummy hash follows, so an unknown email still costs what a wrong password does.
      const dummy = await dummyPasswordHash();
      expect(dummy.startsWith(`scrypt$${N}$${r}$${p}$`)).toBe(true);
      expect(needsRehash(dummy)).toBe(false);
    } finally {
      configureScrypt({});
    }
  });
});
