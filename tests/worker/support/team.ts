// Team invitations from inside workerd: the link the dev outbox holds, as an invitee opens it.
import { call } from "./accounts";

/** The token of the newest invitation mailed to `email` (the dev outbox holds the mail). */
export async function mailedToken(email: string): Promise<string> {
  const res = await call(`/api/dev/outbox?email=${encodeURIComponent(email)}`);
  const { messages } = (await res.json()) as { messages: { text: string }[] };
  const text = messages[0]?.text ?? ""; // newest first
  const token = /\/join\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1];
  if (!token) throw new Error(`no invitation mailed to ${email}: ${text}`);
  return token;
}
