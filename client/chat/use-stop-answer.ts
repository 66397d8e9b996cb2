// Stop, from the new chat's screen or the open chat's: the server is asked, and an ask that failed (offline) is
// said, Stop being available again — a silent failure let the answer run on, and count, unseen.
import { useT } from "../i18n";
import { stopGeneration } from "../state/generation";
import { notify } from "../state/notifications";

export function useStopAnswer(): (chatId: number) => void {
  const t = useT("chat");
  return (chatId) => {
    void stopGeneration(chatId).then((stopped) => {
      if (!stopped) notify({ title: t("composer.stopFailed"), color: "destroy" });
    });
  };
}
