// Who sends (or opens a chat): a user the session middleware found, or a session its statement checks.
import type { Sender } from "../db/session-check";
import type { DeferredSession, SessionUser } from "../env";

export type SendAs = { userId: number } | { session: DeferredSession };

/** The sender as a statement takes it, and the user's id once known (at once, or after the check). */
export function senderOf(as: SendAs): { sender: Sender; userId: () => Promise<number> } {
  if ("userId" in as) return { sender: as, userId: async () => as.userId };
  const deferred = as.session;
  let user: SessionUser | null = null;
  const sender: Sender = {
    session: {
      sessionId: deferred.sessionId,
      now: deferred.now,
      settle: (found) => {
        user = deferred.settle(found);
      },
    },
  };
  const userId = async () => {
    // A send that is not one statement looks the session up as the middleware would have.
    if (!user) user = await deferred.lookUp();
    return user.id;
  };
  return { sender, userId };
}
