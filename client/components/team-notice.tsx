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
        disabled={dismiss.isPending}
        onClick={() => dismiss.mutate()}
      >
        {t("team.dismiss")}
      </button>
    </Alert>
  );
}
