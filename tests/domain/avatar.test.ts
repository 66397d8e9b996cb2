// Avatar initials (SPEC §9) from a name or an email.
import { describe, expect, it } from "vitest";
import { avatarInitials, nameFromEmail } from "../../src/domain/avatar.ts";

describe("avatar initials", () => {
  it.each([
    ["Ada Lovelace", "AL"],
    ["ada lovelace byron", "AL"],
    ["  grace  ", "G"],
    ["", ""],
    ["élodie martin", "ÉM"],
    ["😀 smile", "😀S"],
  ])("%j → %s", (text, initials) => {
    expect(avatarInitials(text)).toBe(initials);
  });

  it("reads an email's local part as words", () => {
    expect(avatarInitials(nameFromEmail("team-admin@demo.switchboard.test"))).toBe("TA");
    expect(avatarInitials(nameFromEmail("starter@demo.switchboard.test"))).toBe("S");
  });
});
