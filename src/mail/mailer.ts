// One way to send mail: an HTTP mail API in production, the local outbox in development and tests.
import type { Database } from "../db/client";
import { storeOutboxMessage } from "../db/outbox";
import type { Env } from "../env";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export type MailEnv = Pick<Env, "APP_ENV" | "MAIL_API_URL" | "MAIL_API_KEY" | "MAIL_FROM">;

/**
 * POSTs `{ from, to: [to], subject, text }` with a bearer key: the shape of Resend's `/emails`, which
 * several providers accept. Any non-2xx answer is an error the caller decides about.
 */
export function httpMailer({ url, apiKey, from }: { url: string; apiKey: string; from: string }): Mailer {
  return {
    async send(message) {
      const res = await fetch(url, {
        method: "POST",
        headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json" },
        body: JSON.stringify({ from, to: [message.to], subject: message.subject, text: message.text }),
      });
      if (!res.ok) {
        const detail = (await res.text().catch(() => "")).slice(0, 200);
        throw new Error(`mail API answered ${res.status}: ${detail}`);
      }
    },
  };
}

/** Development and tests: the message is stored (GET /api/dev/outbox) and printed to the console. */
export function outboxMailer(db: () => Database): Mailer {
  return {
    async send(message) {
      await storeOutboxMessage(db(), message);
      console.log(`[outbox] to ${message.to}: ${message.subject}\n${message.text}`);
    },
  };
}

/** The HTTP API when configured; otherwise the outbox, which production refuses to fall back to. */
export function mailerFor(env: MailEnv, db: () => Database): Mailer {
  if (env.MAIL_API_URL) {
    if (!env.MAIL_API_KEY || !env.MAIL_FROM) throw new Error("MAIL_API_URL needs MAIL_API_KEY and MAIL_FROM");
    return httpMailer({ url: env.MAIL_API_URL, apiKey: env.MAIL_API_KEY, from: env.MAIL_FROM });
  }
  if (env.APP_ENV === "production") throw new Error("mail is not configured: set MAIL_API_URL");
  return outboxMailer(db);
}
