// The assistant layout (SPEC §2) of chat screens: a sidebar with the assistants (a drawer on narrow
// screens), a header with the current assistant, and the chat area the chat screen fills.
import { Suspense, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { Link, NavLink, Outlet, useLocation, useParams } from "react-router";
import { DEFAULT_CHAT_PATH } from "../../src/domain/app-routes";
import { DEFAULT_ASSISTANT_LABEL } from "../../src/domain/assistants";
// Before the chat list's styles, which refine the sidebar's.
import "./assistant-layout.css";
import { ChatList } from "../chat/chat-list";
import { AssistantAvatar } from "../components/assistant-avatar";
import { ErrorScreen } from "../components/error-screen";
import { Icon } from "../components/icon";
import { Logo } from "../components/logo";
import { PageLoading } from "../components/page-loading";
import { QuickSearch, QuickSearchButton } from "../components/quick-search";
import { SignedInNotices } from "../components/signed-in-notices";
import { UserMenu } from "../components/user-menu";
import { type Assistant, useAssistants } from "../hooks/use-assistants";
import { useChatListSync } from "../hooks/use-chats";
import { useUser } from "../hooks/use-user";
import { useT } from "../i18n";
import { notificationSlot } from "../state/notifications";
import { SkipLink } from "./skip-link";

// Below this width the sidebar is a drawer over the chat (assistant-layout.css), and an open one is modal.
const DRAWER_QUERY = "(max-width: 860px)";
const drawerMedia = typeof matchMedia === "function" ? matchMedia(DRAWER_QUERY) : null;
const watchDrawer = (change: () => void) => {
  drawerMedia?.addEventListener("change", change);
  return () => drawerMedia?.removeEventListener("change", change);
};
const isDrawer = () => drawerMedia?.matches ?? false;
/** The sidebar's place for the notifications (state/notification-host.tsx), while it is there to hold them. */
const holdNotifications = (element: HTMLDivElement | null) => notificationSlot.set(element);
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

function AssistantList({ assistants }: { assistants: Assistant[] | null | undefined }) {
  const t = useT("app");
  return (
    <nav className="sidebar-section" aria-labelledby="assistants-heading">
      <h2 id="assistants-heading" className="sidebar-heading">
        {t("sidebar.assistants")}
      </h2>
      <ul className="sidebar-list">
        <li>
          <NavLink to={DEFAULT_CHAT_PATH} className="sidebar-item">
            <Logo size={22} />
            <span className="sidebar-label">{DEFAULT_ASSISTANT_LABEL}</span>
          </NavLink>
        </li>
        {(assistants ?? []).map((assistant) => (
          <li key={assistant.id}>
            <NavLink to={`/app/a/${assistant.id}`} className="sidebar-item">
              <AssistantAvatar image={assistant.image} prop={assistant.prop} />
              <span className="sidebar-label">{assistant.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
      <Link to="/app/assistants" className="sidebar-link">
        {t("sidebar.manageAssistants")}
      </Link>
    </nav>
  );
}

export default function AssistantLayout() {
  const t = useT("app");
  const user = useUser();
  const { assistantId = "default" } = useParams();
  const { pathname } = useLocation();
  const assistants = useAssistants();
  useChatListSync();
  // The page the drawer was opened on: it closes when the page changes, in the same render — before the new
  // page's effects, which may focus what the open drawer made inert.
  const [openOn, setOpenOn] = useState<string | null>(null);
  if (openOn !== null && openOn !== pathname) setOpenOn(null);
  const open = openOn === pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : null);
  // Wide screens: the sidebar can be folded away (the chat list is in client/chat/chat-list.tsx).
  const [collapsed, setCollapsed] = useState(false);
  // An open drawer is a modal dialog: focus goes into it, the rest of the screen is inert, and focus comes
  // back to the menu button when it closes. Never on a wide screen, where the sidebar sits beside the chat.
  const drawer = useSyncExternalStore(watchDrawer, isDrawer, () => false);
  const modal = open && drawer;
  const sidebar = useRef<HTMLElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  // It closes with an Escape nothing in it took: not a rename field's own, nor one a dialog or a menu opened
  // from it takes to close itself (the browser does so after this listener), else both would go at once and
  // the focus the dialog gives back would land in a closed drawer.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) =>
      event.key === "Escape" &&
      !event.defaultPrevented &&
      !document.querySelector("dialog:modal, :popover-open") &&
      setOpenOn(null);
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, [open]);
  // A link to the page already open (New chat on a new chat, the assistant it is in) changes no address, and
  // the drawer closes when the address changes: it stayed open over a page it keeps out of reach.
  useEffect(() => {
    const aside = sidebar.current;
    if (!open || !aside) return;
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (link instanceof HTMLAnchorElement && link.pathname === window.location.pathname) setOpenOn(null);
    };
    aside.addEventListener("click", onClick);
    return () => aside.removeEventListener("click", onClick);
  }, [open]);
  const wasModal = useRef(false);
  useEffect(() => {
    if (modal) {
      wasModal.current = true;
      sidebar.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
      return;
    }
    if (open || !wasModal.current) return;
    wasModal.current = false;
    // Unless something else took focus (a new page's composer), it would be lost in the hidden drawer.
    const active = document.activeElement;
    if (!active || active === document.body || sidebar.current?.contains(active)) toggle.current?.focus();
  }, [modal, open]);

  // Wide screens: folding hides the sidebar with the focus in it, and unfolding hides the button that did
  // it, so the focus goes to the button that undoes it rather than to the page.
  const closeButton = useRef<HTMLButtonElement>(null);
  const wasCollapsed = useRef(collapsed);
  useEffect(() => {
    const changed = wasCollapsed.current !== collapsed;
    wasCollapsed.current = collapsed;
    if (!changed || drawer) return;
    const active = document.activeElement;
    const from = collapsed ? sidebar.current : toggle.current;
    if (!active || active === document.body || from?.contains(active)) {
      (collapsed ? toggle : closeButton).current?.focus();
    }
  }, [collapsed, drawer]);

  if (!user) return <PageLoading />;
  const current =
    assistantId === "default"
      ? null
      : assistants.data?.find((assistant) => String(assistant.id) === assistantId);
  // SPEC §8: an unknown assistant is an error, once the list is known.
  if (assistantId !== "default" && assistants.isSuccess && assistants.data && !current) {
    return <ErrorScreen status={404} message={t("assistantNotFound")} />;
  }
  const label = assistantId === "default" ? DEFAULT_ASSISTANT_LABEL : (current?.label ?? "");

  return (
    <div className="assistant-layout" data-sidebar-open={open} data-sidebar-collapsed={collapsed}>
      <SkipLink inert={modal}>{t("skipToContent")}</SkipLink>
      <aside ref={sidebar} id="sidebar" className="sidebar" aria-label={t("sidebar.label")}>
        <div className="sidebar-top">
          <Link to={DEFAULT_CHAT_PATH} className="brand">
            <Logo size={30} />
            <span>{t("brand")}</span>
          </Link>
          <button
            ref={closeButton}
            type="button"
            className="icon-button sidebar-close"
            aria-label={t("sidebar.close")}
            onClick={() => {
              setOpen(false);
              setCollapsed(true);
            }}
          >
            <Icon name="close" />
          </button>
        </div>
        {/* Scrolls on its own, so a long chat list never pushes the account menu below the screen. */}
        <div className="sidebar-scroll">
          <AssistantList assistants={assistants.data} />
          <section className="sidebar-section" aria-labelledby="chats-heading">
            <h2 id="chats-heading" className="sidebar-heading">
              {t("sidebar.chats")}
            </h2>
            <ChatList assistantId={assistantId} />
          </section>
        </div>
        {/* Beside the chat, the notifications take their place in the sidebar, above the account menu: laid
            over it they covered New chat, the chats and the menu. In an open drawer too: laid over the screen,
            they were under its backdrop (a "Moved to …" after a move made there, unread and out of reach).
            Folded or a closed drawer, the sidebar is out of sight, and they are laid over the screen. */}
        {collapsed || (drawer && !open) ? null : <div className="sidebar-notices" ref={holdNotifications} />}
        <div className="sidebar-bottom">
          <UserMenu user={user} placement="up" />
        </div>
      </aside>
      <button
        type="button"
        className="sidebar-backdrop"
        aria-label={t("sidebar.close")}
        tabIndex={-1}
        onClick={() => setOpen(false)}
      />
      <div className="chat-column" inert={modal}>
        <header className="chat-header">
          <button
            ref={toggle}
            type="button"
            className="icon-button sidebar-toggle"
            aria-label={t("sidebar.open")}
            aria-controls="sidebar"
            aria-expanded={open}
            onClick={() => {
              setOpen(true);
              setCollapsed(false);
            }}
          >
            <Icon name="menu" />
          </button>
          <h1 className="chat-title">
            {current ? <AssistantAvatar image={current.image} prop={current.prop} size={26} /> : null}
            <span>{label}</span>
          </h1>
          <QuickSearchButton />
        </header>
        <main id="main" className="chat-main">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <SignedInNotices user={user} />
      <QuickSearch />
    </div>
  );
}
