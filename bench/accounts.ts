// A signed-in expert for a bench, written straight to the database (no sign-up, no mail, no password
// hashing), and the send such an account makes.
import { createHash, randomBytes } from "node:crypto";
import type pg from "pg";

export interface BenchAccount {
  userId: number;
  /** The `session` cookie's value. */
  token: string;
}

/** A verified user on the Expert plan with a day-long session. */
export async function benchExpert(client: pg.Client, email: string): Promise<BenchAccount> {
  const token = randomBytes(32).toString("base64url");
  const { rows } = await client.query<{ id: number }>(
    `insert into hot."user" (email, verified) values ($1, true) returning id`,
    [email],
  );
  const userId = rows[0]?.id;
  if (!userId) throw new Error("the bench user was not created");
  await client.query(
    `insert into hot.subscription ("userId", customer, subscription, amount, ok, quantity) values ($1, 'cus', 'sub', 60000, true, 1)`,
    [userId],
  );
  await client.query(
    `insert into hot.session (id, "userId", "expiresAt") values ($1, $2, now() + interval '1 day')`,
    [createHash("sha256").update(token).digest("hex"), userId],
  );
  return { userId, token };
}

/** The headers of an API call as that account's browser makes it. */
export const benchHeaders = (account: BenchAccount, origin: string): Record<string, string> => ({
  Cookie: `session=${account.token}`,
  "Content-Type": "application/json",
  Origin: origin,
});

/** A question sent as that account: a new chat's first (in the default assistant), or one more in `chatId`. */
export const postSend = (
  origin: string,
  headers: Record<string, string>,
  { model, chatId }: { model: string; chatId?: number },
): Promise<Response> =>
  fetch(`${origin}/api/chat/${chatId ? "send" : "new"}`, {
    method: "POST",
    headers,
    body: JSON.stringify(
      chatId ? { chatId, model, content: "bench" } : { assistantId: "default", model, content: "bench" },
    ),
  });
