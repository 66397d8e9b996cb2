// Shows the notifications: each closes after its timeout, pauses while hovered and resumes on leave.
import { useCallback, useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { Icon } from "../components/icon";
import { useT } from "../i18n";
import { useStore } from "../lib/store";
import { type AppNotification, dismiss, notificationSlot, notificationStore } from "./notifications";
import "./notification-host.css";

function Toast({ notification }: { notification: AppNotification }) {
  const t = useT("common");
  const { id, timeout } = notification;
  const remaining = useRef(timeout);
  const startedAt = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [paused, setPaused] = useState(false);

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
    run();
    return () => {
      clearTimeout(timer.current);
      timer.current = undefined;
    };
  }, [run]);

  return (
    <li
      className={`toast toast-${notification.color}`}
      role={notification.color === "destroy" ? "alert" : "status"}
      // Waits to be dismissed (no timeout): in the sidebar only the newest such one shows (notification-host.css).
      data-sticky={timeout <= 0 || undefined}
      onMouseEnter={pause}
      onMouseLeave={resume}
      data-testid="notification"
    >
      <div className="toast-body">
        {notification.avatar ? (
          <img className="toast-avatar" src={notification.avatar} alt="" width={32} height={32} />
        ) : notification.icon ? (
          <Icon name={notification.icon} className="toast-icon" />
        ) : null}
        <div className="toast-text">
          <p className="toast-title">{notification.title}</p>
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
          style={{ animationDuration: `${timeout}ms`, animationPlayState: paused ? "paused" : "running" }}
        />
      ) : null}
    </li>
  );
}

export function NotificationHost() {
  const notifications = useStore(notificationStore);
  const slot = useStore(notificationSlot);
  if (notifications.length === 0) return null;
  const list = (
    <ol className="toasts">
      {notifications.map((notification) => (
        <Toast key={notification.id} notification={notification} />
      ))}
    </ol>
  );
  return slot ? createPortal(list, slot) : list;
}
