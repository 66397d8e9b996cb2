// The mails in each interface language: every one carries its code or link, and the grammar of counts holds.
import { describe, expect, it } from "vitest";
import { LOCALES } from "../../src/domain/locales";
import { MAIL_TEXT } from "../../src/mail/mail-text";
import { passwordResetMail, teamInvitationMail, verificationMail } from "../../src/mail/messages";

describe("mails in every language", () => {
  it.each(LOCALES)("%s: the code is in the subject and the text, the link on a line of its own", (locale) => {
    for (const mail of [
      verificationMail("a@b.test", "123456", locale),
      passwordResetMail("a@b.test", "123456", locale),
    ]) {
      expect(mail.subject).toContain("123456");
      expect(mail.text).toContain("123456");
      expect(mail.text.split("\n")[1]).toBe("");
    }
    const link = "https://app.test/join?token=abc";
    const invitation = teamInvitationMail("a@b.test", { adminEmail: "boss@b.test", link, days: 7 }, locale);
    expect(invitation.subject).toContain("boss@b.test");
    expect(invitation.text.split("\n")).toContain(link);
    if (locale !== "en")
      expect(invitation.text).not.toBe(
        teamInvitationMail("a@b.test", { adminEmail: "boss@b.test", link, days: 7 }, "en").text,
      );
  });

  it.each([
    [15, "în 15 minute"],
    [20, "în 20 de minute"],
    [101, "în 101 minute"],
  ])("Romanian counts: %i minutes reads %j", (minutes, words) => {
    expect(MAIL_TEXT.ro.verification("123456", minutes).lines.join(" ")).toContain(words);
  });
});
