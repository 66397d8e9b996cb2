// Shows the notifications: each closes after its timeout, pauses while hovered and resumes on leave.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { Icon } from "../components/icon";
import { useT } from "../i18n";
import { useStore } from "../lib/store";
import {
  type AppNotification,
  dismiss,
  noticeName,
  notificationSlot,
  notificationStore,
  wholeTitle,
} from "./notifications";
import "./notification-host.css";

/**
 * What is left of each shown notification's time when its toast unmounts: moving between the sidebar's slot and
 * the page (the sidebar folded or unfolded) mounts it again, and it must go on from there, not start over.
 */
const timeLeft = new Map<string, number>();

/**
 * A title cut by its line clamp, or a name in it cut to its line (notification-host.css) or shortened by
 * noticeName, shows whole on hover, the name whole in it; the hover also holds its timer.
 */
function wholeOnHover(shown: string, name: string | undefined) {
  const text = wholeTitle({ title: shown, name });
  const shortened = text !== shown;
  return (title: HTMLElement | null) => {
    if (!title) return;
    const observer = new ResizeObserver(() => {
      const name = title.querySelector<HTMLElement>(".toast-name");
      const cut =
        shortened ||
        title.scrollHeight > title.clientHeight + 1 ||
        (name && name.scrollWidth > name.clientWidth + 1);
      if (cut) title.title = text;
      else title.removeAttribute("title");
    });
    observer.observe(title);
    return () => observer.disconnect();
  };
}

/**
 * The title, the name in it (its first occurrence, as noticeName shortened it) on a line of its own making: cut
 * there with "…" rather than broken over several. The sentence stays one text, heard once and whole.
 */
function titleText({ title, name }: AppNotification) {
  const shown = name ? noticeName(name) : "";
  const at = shown ? title.indexOf(shown) : -1;
  if (at < 0) return title;
  return (
    <>
      {title.slice(0, at)}
      <span className="toast-name">{shown}</span>
      {title.slice(at + shown.length)}
    </>
  );
}

function Toast({ notification }: { notification: AppNotification }) {
  const t = useT("common");
  const { id, timeout } = notification;
  const remaining = useRef(timeout);
  // How far along the progress bar starts: as far as the time left says.
  const [elapsedAtMount, setElapsedAtMount] = useState(0);
  const startedAt = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [paused, setPaused] = useState(false);
  const { title, name } = notification;
  const titleRef = useMemo(() => wholeOnHover(title, name), [title, name]);

  const run = useCallback(() => {
    if (timeout <= 0 || timer.current !== undefined) return;
    startedAt.current = Date.now();
    timer.current = setTimeout(() => dismiss(id), remaining.current);
  }, [id, timeout]);

  const pause = () => {
    if (timer.current === undefined) return;
    clearTimeout(timer.current);
    timer.current = undefined;
    remaining.current -= Date.now() - startedAt.current;
    setPaused(true);
  };

  const resume = () => {
    setPaused(false);
    run();
  };

  useEffect(() => {
    // Read here, not while rendering: a toast moving mounts anew before the old one's cleanup has said what
    // is left (effects clean up before they run again; rendering comes first).
    const left = timeLeft.get(id);
    if (left !== undefined) {
      remaining.current = left;
      setElapsedAtMount(timeout - left);
    }
    run();
    return () => {
      if (timer.current !== undefined) remaining.current -= Date.now() - startedAt.current;
      timeLeft.set(id, remaining.current);
      clearTimeout(timer.current);
      timer.current = undefined;
    };
  }, [run, id, timeout]);

  return (
    <li
      className={`toast toast-${notification.color}`}
      // Waits to be dismissed (no timeout): in the sidebar only the newest such one shows (notification-host.css).
      data-sticky={timeout <= 0 || undefined}
      onMouseEnter={pause}
      onMouseLeave={resume}
      data-testid="notification"
    >
      {/* The live role on the body, not the item: a list's item keeps its role (listitem), or the list has none. */}
      <div className="toast-body" role={notification.color === "destroy" ? "alert" : "status"}>
        {notification.avatar ? (
          <img className="toast-avatar" src={notification.avatar} alt="" width={32} height={32} />
        ) : notification.icon ? (
          <Icon name={notification.icon} className="toast-icon" />
        ) : null}
        <div className="toast-text">
          <p className="toast-title" ref={titleRef}>
            {titleText(notification)}
          </p>
          {notification.description ? <p className="toast-description">{notification.description}</p> : null}
          {notification.actions.length > 0 ? (
            <div className="toast-actions">
              {notification.actions.map((action) => (
                <button
                  key={action.label}
                  type="button"
                  className={`button small ${action.variant === "primary" ? "" : "secondary"}`}
                  onClick={() => {
                    action.onClick?.();
                    dismiss(id);
                  }}
                >
                  {action.label}
                </button>
              ))}
            </div>
          ) : null}
        </div>
        {notification.closeButton ? (
          <button
            type="button"
            className="icon-button"
            aria-label={t("actions.close")}
            onClick={() => dismiss(id)}
          >
            <Icon name="close" />
          </button>
        ) : null}
      </div>
      {timeout > 0 ? (
        <span
          className="toast-progress"
          style={{
            animationDuration: `${timeout}ms`,
            animationDelay: `${-elapsedAtMount}ms`,
            animationPlayState: paused ? "paused" : "running",
          }}
        />
      ) : null}
    </li>
  );
}

/**
 * Keeps the notices' height in `--notices-height` on the page's root: on a phone they lie under the chat's
 * header, and the conversation starts below one waiting to be dismissed instead of under it
 * (notification-host.css).
 */
function measureNotices(list: HTMLOListElement | null): (() => void) | undefined {
  if (!list) return;
  const root = document.documentElement;
  const observer = new ResizeObserver(() => {
    root.style.setProperty("--notices-height", `${Math.ceil(list.getBoundingClientRect().height)}px`);
  });
  observer.observe(list);
  return () => {
    observer.disconnect();
    root.style.removeProperty("--notices-height");
  };
}

export function NotificationHost() {
  const notifications = useStore(notificationStore);
  const slot = useStore(notificationSlot);
  // The time left of notifications gone is forgotten.
  useEffect(() => {
    for (const id of timeLeft.keys()) if (!notifications.some((n) => n.id === id)) timeLeft.delete(id);
  }, [notifications]);
  if (notifications.length === 0) return null;
  const list = (
    <ol className="toasts" ref={measureNotices}>
      {notifications.map((notification) => (
        <Toast key={notification.id} notification={notification} />
      ))}
    </ol>
  );
  return slot ? createPortal(list, slot) : list;
}
