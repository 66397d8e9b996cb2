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
