// The text of the mails we send.
import { VERIFICATION_CODE_TTL_SECONDS } from "../domain/auth-limits";
import type { MailMessage } from "./mailer";

export function verificationMail(to: string, code: string): MailMessage {
  const minutes = Math.round(VERIFICATION_CODE_TTL_SECONDS / 60);
  return {
    to,
    subject: `Your Switchboard code: ${code}`,
    text: [
      `Your Switchboard verification code is ${code}.`,
      "",
      `Enter it on the verification page within ${minutes} minutes to confirm your email address.`,
      "If you did not create a Switchboard account, you can ignore this message.",
    ].join("\n"),
  };
}

/** To the owner of an address someone just tried to sign up with: no code, no link, nothing to act on. */
export function signUpNoticeMail(to: string): MailMessage {
  return {
    to,
    subject: "Someone tried to sign up to Switchboard with your address",
    text: [
      "Someone just tried to create a Switchboard account with this email address, which already has one.",
      "",
      "If it was you: sign in instead, or reset your password if you forgot it.",
      "If it was not you: nothing changed, and nobody can use your account without your password.",
    ].join("\n"),
  };
}
