// The foot of the chat screen: the usage banner, the last request's failure, and the composer.
import { type ReactNode, useEffect, useState } from "react";
import type { SendFailure } from "../../src/domain/chat/send-failure";
import type { User } from "../hooks/use-user";
import { MessageNotice } from "./message-parts";
import { UsageBanner } from "./usage-banner";
import { useFailureDetail } from "./use-failure-detail";

export function ComposerDock({
  user,
  failure,
  children,
}: {
  user: User;
  failure: SendFailure | null;
  children: ReactNode;
}) {
  // "We couldn't reach Switchboard" stops being true once the browser is back online: it goes then, the
  // message kept in the composer to send again. A new failure (each send clears the last) shows anew.
  const [reconnected, setReconnected] = useState(false);
  const detailOf = useFailureDetail();
  useEffect(() => {
    setReconnected(false);
    if (failure?.notice !== "network") return;
    const back = () => setReconnected(true);
    window.addEventListener("online", back);
    return () => window.removeEventListener("online", back);
  }, [failure]);
  const shown = failure?.notice === "network" && reconnected ? null : failure;
  return (
    <div className="composer-dock">
      <UsageBanner user={user} />
      {shown && <MessageNotice notice={shown.notice} detail={detailOf(shown)} />}
      {children}
    </div>
  );
}
