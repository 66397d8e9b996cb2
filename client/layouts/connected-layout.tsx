// The connected layout (SPEC §2) of account pages: header, account navigation, user menu, notices.
import { Suspense, useEffect, useRef } from "react";
import { Link, Outlet, useLocation } from "react-router";
import { DEFAULT_CHAT_PATH, PLAN_PATHS, SETTINGS_PATH } from "../../src/domain/app-routes";
import { Icon, type IconName } from "../components/icon";
import { Logo } from "../components/logo";
import { PageLoading } from "../components/page-loading";
import { QuickSearch, QuickSearchButton } from "../components/quick-search";
import { SignedInNotices } from "../components/signed-in-notices";
import { planPath, UserMenu } from "../components/user-menu";
import { useUser } from "../hooks/use-user";
import { useT } from "../i18n";
import { SkipLink } from "./skip-link";
import "./connected-layout.css";

/** Whether a navigation entry is the page on screen (as NavLink's `end` would say, plus its other pages). */
function isCurrent(
  pathname: string,
  item: { to: string; subPages?: true; alsoOn?: readonly string[] },
): boolean {
  const path = pathname.replace(/\/+$/, "") || "/";
  const pages = [item.to, ...(item.alsoOn ?? [])];
  return pages.some((page) => path === page || (item.subPages === true && path.startsWith(`${page}/`)));
}

export default function ConnectedLayout() {
  const t = useT("account");
  const user = useUser();
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const signedIn = Boolean(user);

  // On a phone the navigation is a row of tabs scrolled sideways: the current page's is brought into view.
  // By the row's own scroll, not scrollIntoView(), which would also scroll the page down to it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each page change moves the current tab (and the row first shows once the user is known).
  useEffect(() => {
    const row = nav.current;
    const tab = row?.querySelector<HTMLElement>(".account-nav-item.active");
    if (!row || !tab || row.scrollWidth <= row.clientWidth) return;
    const rowBox = row.getBoundingClientRect();
    const tabBox = tab.getBoundingClientRect();
    row.scrollLeft += tabBox.left - rowBox.left - (rowBox.width - tabBox.width) / 2;
  }, [pathname, signedIn]);

  if (!user) return <PageLoading />;

  // Each entry is current on its own page only (Settings is not on Team's), but Assistants also on an
  // assistant's editor (/app/assistants/new, /app/assistants/{id}), and Plan & usage on both plan pages: a
  // subscriber's leads to the change page, yet checkout and the portal come back to the subscription page.
  const items: { to: string; label: string; icon: IconName; subPages?: true; alsoOn?: readonly string[] }[] =
    [
      { to: SETTINGS_PATH, label: t("nav.settings"), icon: "settings" },
      { to: planPath(user), label: t("nav.plan"), icon: "card", alsoOn: PLAN_PATHS },
      { to: "/app/assistants", label: t("nav.assistants"), icon: "bot", subPages: true },
      { to: "/app/account/settings/team", label: t("nav.team"), icon: "users" },
      { to: "/app/account/settings/api", label: t("nav.api"), icon: "key" },
      { to: "/app/account/changePassword", label: t("nav.password"), icon: "lock" },
    ];

  return (
    <div className="connected">
      <SkipLink>{t("skipToContent")}</SkipLink>
      <header className="app-header">
        <Link to={DEFAULT_CHAT_PATH} className="brand">
          <Logo size={30} />
          <span>{t("brand")}</span>
        </Link>
        {/* Without a plan the chat screens lead back to the subscription page: no link to them. */}
        {user.usagePlan === "none" ? (
          <span className="back-to-chat" />
        ) : (
          <Link to={DEFAULT_CHAT_PATH} className="button secondary small back-to-chat">
            <Icon name="chat" size={16} />
            <span>{t("nav.backToChat")}</span>
          </Link>
        )}
        {user.usagePlan !== "none" && <QuickSearchButton />}
        <UserMenu user={user} />
      </header>
      <div className="connected-body">
        <nav ref={nav} className="account-nav" aria-label={t("nav.label")}>
          {items.map((item) => {
            const current = isCurrent(pathname, item);
            return (
              <Link
                key={item.to}
                to={item.to}
                className={current ? "account-nav-item active" : "account-nav-item"}
                aria-current={current ? "page" : undefined}
              >
                <Icon name={item.icon} size={18} />
                <span>{item.label}</span>
              </Link>
            );
          })}
        </nav>
        <main id="main" className="account-main">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <SignedInNotices user={user} />
      {user.usagePlan !== "none" && <QuickSearch />}
    </div>
  );
}
