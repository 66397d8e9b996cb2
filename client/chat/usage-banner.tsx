// SPEC §4: when the usage state is important or limited, the chat screen says so above the composer.
import { Link } from "react-router";
import { usageState } from "../../src/domain/usage";
import { Icon } from "../components/icon";
import type { User } from "../hooks/use-user";
import { useT } from "../i18n";

export function UsageBanner({ user }: { user: User }) {
  const t = useT("chat");
  const state = usageState(user.usagePlan, user.usageCounts);
  if (state === "normal") return null;
  return (
    <div className="usage-banner" data-state={state} role="status" data-testid="usage-banner">
      <Icon name="alert" size={16} />
      <span>{t(`usage.${state}`)}</span>
      <Link to="/app/account/change_subscription">{t("usage.details")}</Link>
    </div>
  );
}
