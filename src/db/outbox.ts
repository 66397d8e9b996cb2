// The development outbox: mail stored instead of sent, read back by tests and the dev-only endpoint.
import { desc, eq } from "drizzle-orm";
import { devOutbox } from "../../drizzle/schema";
import type { Database } from "./client";

export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  createdAt: Date;
}

export async function storeOutboxMessage(
  db: Database,
  message: Omit<OutboxMessage, "createdAt">,
): Promise<void> {
  await db.insert(devOutbox).values(message);
}

/** Newest first. */
export async function outboxFor(
  db: Database,
  { to, limit = 20 }: { to: string; limit?: number },
): Promise<OutboxMessage[]> {
  return db
    .select({
      to: devOutbox.to,
      subject: devOutbox.subject,
      text: devOutbox.text,
      createdAt: devOutbox.createdAt,
    })
    .from(devOutbox)
    .where(eq(devOutbox.to, to))
    .orderBy(desc(devOutbox.createdAt), desc(devOutbox.id))
    .limit(limit);
}
