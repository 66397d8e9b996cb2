// Tells a former team member why their plan is gone (their admin removed them), until they dismiss it.

import { useDismissTeamNotice } from "../hooks/use-team";
import type { User } from "../hooks/use-user";
import { useT } from "../i18n";
import { Alert } from "./alert";

export function TeamNotice({ user }: { user: User }) {
  const t = useT("account");
  const dismiss = useDismissTeamNotice();
  if (!user.teamNotice) return null;
  return (
    <Alert tone="info" testId="team-removed">
      <p>{t("team.removedNotice", { email: user.teamNotice.adminEmail })}</p>
      <button
        type="button"
        className="link-button"
        // aria-disabled while it works: a disabled button would drop the focus to the page. Dismissed, the
        // notice goes with it: the main region takes the focus (client/lib/use-lost-focus-to-main.ts).
        aria-disabled={dismiss.isPending}
        onClick={() => dismiss.isPending || dismiss.mutate()}
      >
        {t("team.dismiss")}
      </button>
    </Alert>
  );
}
