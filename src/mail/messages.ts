// The text of the mails we send.
import { PASSWORD_RESET_CODE_TTL_SECONDS, VERIFICATION_CODE_TTL_SECONDS } from "../domain/auth-limits";
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

/** The "forgot password" code; a mail nobody asked for changes nothing. */
export function passwordResetMail(to: string, code: string): MailMessage {
  const minutes = Math.round(PASSWORD_RESET_CODE_TTL_SECONDS / 60);
  return {
    to,
    subject: `Your Switchboard password reset code: ${code}`,
    text: [
      `Your Switchboard password reset code is ${code}.`,
      "",
      `Enter it on the sign-in page within ${minutes} minutes to choose a new password. Every device signed in to your account will be signed out.`,
      "If you did not ask for it, you can ignore this message: your password stays as it is.",
    ].join("\n"),
  };
}

/** An admin's invitation to their team: the link carries the only copy of the token. */
export function teamInvitationMail(
  to: string,
  { adminEmail, link, days }: { adminEmail: string; link: string; days: number },
): MailMessage {
  return {
    to,
    subject: `${adminEmail} invites you to their Switchboard team`,
    text: [
      `${adminEmail} invites you to join their team on Switchboard and share its plan.`,
      "",
      `Open this link to join (it works once, for ${days} days):`,
      link,
      "",
      "Opening it from this mailbox confirms your address. If you were not expecting it, ignore this message.",
    ].join("\n"),
  };
}
