// Avatar initials (SPEC §9) from a name or an email: first letters of the first two words, never digits
// while letters exist.
import { describe, expect, it } from "vitest";
import { avatarInitials, initialsOf, nameFromEmail } from "../../src/domain/avatar.ts";

describe("avatar initials", () => {
  it.each([
    ["Ada Lovelace", "AL"],
    ["ada lovelace byron", "AL"],
    ["  grace  ", "G"],
    ["", ""],
    ["élodie martin", "ÉM"],
    ["😀 smile", "S"],
    ["john99 smith", "JS"],
    ["2fast", "F"],
    ["42 ada lovelace", "AL"],
    ["2024", "2"],
    ["12 34", "13"],
    ["Łukasz żak", "ŁŻ"],
  ])("%j → %s", (text, initials) => {
    expect(avatarInitials(text)).toBe(initials);
  });
});

describe("initials from an email", () => {
  it.each([
    ["team-admin@demo.switchboard.test", "TA"],
    ["starter@demo.switchboard.test", "S"],
    ["ada.lovelace@x.org", "AL"],
    ["ada_lovelace@x.org", "AL"],
    ["grace.b.hopper@x.org", "GB"],
    ["ada+work@x.org", "A"],
    ["user2024.smith@x.org", "US"],
    ["2024.smith@x.org", "S"],
    ["1234@x.org", "1"],
    ["-.-@x.org", ""],
  ])("%s → %j", (email, initials) => {
    expect(avatarInitials(nameFromEmail(email))).toBe(initials);
    expect(initialsOf({ email })).toBe(initials);
  });

  it("prefers a name over the email", () => {
    expect(initialsOf({ name: "Grace Hopper", email: "ada.lovelace@x.org" })).toBe("GH");
    expect(initialsOf({ name: "  ", email: "ada.lovelace@x.org" })).toBe("AL");
    expect(initialsOf({ name: null, email: "ada@x.org" })).toBe("A");
  });
});
