// The signed-in user's menu: avatar initials, plan, account links, the configured external links, install,
// sign out.
import { useRef } from "react";
import { Link, useNavigate } from "react-router";
import { CHANGE_SUBSCRIPTION_PATH, SETTINGS_PATH, SUBSCRIPTION_PATH } from "../../src/domain/app-routes";
import { initialsOf } from "../../src/domain/avatar";
import { isPaidPlan } from "../../src/domain/plans";
import { type User, useSignOut } from "../hooks/use-user";
import { useT } from "../i18n";
import { useStore } from "../lib/store";
import { useMenuKeys } from "../lib/use-menu-keys";
import { promptInstall, pwaStore } from "../pwa/register";
import { ExternalLinks, hasExternalLinks } from "./external-links";
import { Icon } from "./icon";
import "./user-menu.css";

/**
 * The initials are a picture of the account, not words of its button's label: drawn by the stylesheet
 * (user-menu.css), they are not read as the button's visible text, which its name must contain (WCAG 2.5.3).
 */
export function Avatar({ email }: { email: string }) {
  return <span className="avatar" aria-hidden="true" data-initials={initialsOf({ email })} />;
}

export const planPath = (user: User) =>
  isPaidPlan(user.usagePlan) ? CHANGE_SUBSCRIPTION_PATH : SUBSCRIPTION_PATH;

export function UserMenu({ user, placement = "down" }: { user: User; placement?: "down" | "up" }) {
  const t = useT("account");
  const navigate = useNavigate();
  const signOut = useSignOut();
  const { canInstall } = useStore(pwaStore);
  const id = `user-menu-${placement}`;
  const menu = useRef<HTMLDivElement>(null);
  useMenuKeys(menu);
  const close = () => menu.current?.hidePopover();

  return (
    <div className="user-menu">
      {/* Named by the address it shows, then what it opens (the visible words start its name, WCAG 2.5.3);
          on a phone, where only the avatar shows, the address still tells whose account it is. */}
      <button
        type="button"
        className="user-menu-button"
        popoverTarget={id}
        aria-label={t("menu.button", { email: user.email })}
      >
        <Avatar email={user.email} />
        <span className="user-menu-email">{user.email}</span>
      </button>
      <div ref={menu} id={id} popover="auto" className={`menu menu-${placement}`}>
        <p className="menu-heading">
          <span>{t("menu.signedInAs")}</span>
          <strong>{user.email}</strong>
          <span className="plan-badge">{t(`plans.${user.usagePlan}`)}</span>
        </p>
        <Link to={SETTINGS_PATH} className="menu-item" onClick={close}>
          <Icon name="settings" /> {t("nav.settings")}
        </Link>
        <Link to={planPath(user)} className="menu-item" onClick={close}>
          <Icon name="card" /> {t("nav.plan")}
        </Link>
        {hasExternalLinks ? (
          <div className="menu-links" data-testid="menu-external-links">
            <ExternalLinks itemClassName="menu-item" onClick={close} />
          </div>
        ) : null}
        {canInstall ? (
          <button
            type="button"
            className="menu-item"
            onClick={() => {
              close();
              void promptInstall();
            }}
          >
            <Icon name="download" /> {t("menu.install")}
          </button>
        ) : null}
        <button
          type="button"
          className="menu-item"
          // aria-disabled while it works: a disabled button would drop the focus to the page.
          aria-disabled={signOut.isPending}
          onClick={() =>
            signOut.isPending ||
            signOut.mutate(undefined, {
              onSettled: () => {
                close();
                navigate("/", { replace: true });
              },
            })
          }
        >
          <Icon name="logout" /> {t("menu.signOut")}
        </button>
      </div>
    </div>
  );
}
