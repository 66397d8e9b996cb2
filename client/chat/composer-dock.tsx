// The foot of the chat screen: the usage banner, the last request's failure, and the composer.
import type { ReactNode } from "react";
import type { NoticeKey } from "../../src/domain/chat/message-notices";
import type { User } from "../hooks/use-user";
import { MessageNotice } from "./message-parts";
import { UsageBanner } from "./usage-banner";

export function ComposerDock({
  user,
  failure,
  children,
}: {
  user: User;
  failure: NoticeKey | null;
  children: ReactNode;
}) {
  return (
    <div className="composer-dock">
      <UsageBanner user={user} />
      {failure && <MessageNotice notice={failure} />}
      {children}
    </div>
  );
}
