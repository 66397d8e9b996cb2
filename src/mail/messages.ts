// The mails we send, in the language the reader used the app in (src/mail/mail-text.ts).
import { PASSWORD_RESET_CODE_TTL_SECONDS, VERIFICATION_CODE_TTL_SECONDS } from "../domain/auth-limits";
import type { Locale } from "../domain/locales";
import { MAIL_TEXT, type MailWords } from "./mail-text";
import type { MailMessage } from "./mailer";

/** The first paragraph, a blank line, then the rest, as the mails have always read. */
const mail = (to: string, { subject, lines }: MailWords): MailMessage => {
  const [first = "", ...rest] = lines;
  return { to, subject, text: [first, "", ...rest].join("\n") };
};

export function verificationMail(to: string, code: string, locale: Locale): MailMessage {
  return mail(to, MAIL_TEXT[locale].verification(code, Math.round(VERIFICATION_CODE_TTL_SECONDS / 60)));
}

/** To the owner of an address someone just tried to sign up with: no code, no link, nothing to act on. */
export function signUpNoticeMail(to: string, locale: Locale): MailMessage {
  return mail(to, MAIL_TEXT[locale].signUpNotice());
}

/** The "forgot password" code; a mail nobody asked for changes nothing. */
export function passwordResetMail(to: string, code: string, locale: Locale): MailMessage {
  return mail(to, MAIL_TEXT[locale].passwordReset(code, Math.round(PASSWORD_RESET_CODE_TTL_SECONDS / 60)));
}

/** An admin's invitation to their team: the link carries the only copy of the token. */
export function teamInvitationMail(
  to: string,
  { adminEmail, link, days }: { adminEmail: string; link: string; days: number },
  locale: Locale,
): MailMessage {
  const { subject, lines, linkIntro } = MAIL_TEXT[locale].teamInvitation(adminEmail, days);
  const [invites = "", ...rest] = lines;
  return { to, subject, text: [invites, "", linkIntro, link, "", ...rest].join("\n") };
}
