// Notifications (SPEC §3, §4, §9): a store of toasts with a timeout (5000 ms by default), actions and a
// callback run when one closes.
import { shortName, wholeName } from "../../src/domain/short-name";
import { createStore } from "../lib/store";

export type NotificationColor = "primary" | "accent" | "destroy" | "neutral";
export type NotificationIcon = "info" | "sparkles" | "check" | "refresh" | "download" | "alert";

export interface NotificationAction {
  label: string;
  /** Runs before the notification closes. */
  onClick?: () => void;
  variant?: "primary" | "secondary";
}

export interface AppNotification {
  /** A timestamp string, unique within the page. */
  id: string;
  title: string;
  /**
   * A name someone typed, whole; the title holds it as noticeName shortens it, shown on one line, cut with "…"
   * to the notice's width (notification-host.tsx). One unbroken word of 40 characters does not fit a phone's
   * notice and was broken anywhere, over 5 lines ("Rechtsschutz / versicherungs / gesellschafte / n… / gespeichert").
   * The title's tooltip says the name whole (wholeTitle).
   */
  name?: string;
  description?: string;
  icon?: NotificationIcon;
  /** An image address, shown instead of the icon. */
  avatar?: string;
  closeButton: boolean;
  /** Milliseconds before it closes by itself; 0 keeps it until closed. */
  timeout: number;
  actions: NotificationAction[];
  /** Runs once when the notification closes, however it closes. */
  callback?: () => void;
  color: NotificationColor;
}

export type NotificationInput = Partial<Omit<AppNotification, "title">> & { title: string };

/**
 * A name someone typed (an assistant, a file) as a notice's title names it: at most this many characters, as
 * the assistant cards and the chat header cut it. Whole, a 200-character name filled 17 lines of the account
 * pages' notice and hid the "saved" it was there to say.
 */
export const NOTICE_NAME_LENGTH = 40;
export const noticeName = (name: string): string => shortName(name, NOTICE_NAME_LENGTH);

/** The title with its name whole where noticeName shortened it: what its tooltip says. */
export const wholeTitle = ({ title, name }: Pick<AppNotification, "title" | "name">): string =>
  name ? wholeName(title, name, NOTICE_NAME_LENGTH) : title;

export const DEFAULT_NOTIFICATION_TIMEOUT = 5000;
export const DEFAULT_NOTIFICATION_COLOR: NotificationColor = "primary";

export const notificationStore = createStore<readonly AppNotification[]>([]);

/**
 * Where a layout wants the notifications laid out in its own flow, if anywhere: the chat screen's sidebar
 * beside the chat. Fixed over it, they covered New chat, the chats and the account menu.
 */
export const notificationSlot = createStore<HTMLElement | null>(null);

let lastId = 0;
const nextId = () => {
  lastId = Math.max(Date.now(), lastId + 1);
  return String(lastId);
};

export function notify(input: NotificationInput): string {
  const notification: AppNotification = {
    closeButton: true,
    timeout: DEFAULT_NOTIFICATION_TIMEOUT,
    actions: [],
    color: DEFAULT_NOTIFICATION_COLOR,
    ...input,
    id: input.id ?? nextId(),
  };
  notificationStore.set((list) => [...list.filter((n) => n.id !== notification.id), notification]);
  return notification.id;
}

export function dismiss(id: string): void {
  const notification = notificationStore.get().find((n) => n.id === id);
  if (!notification) return;
  notificationStore.set((list) => list.filter((n) => n.id !== id));
  notification.callback?.();
}

/** Changes a notification still shown, in its place and with its timer running on; else nothing. */
export function update(id: string, changes: Partial<Omit<AppNotification, "id">>): void {
  notificationStore.set((list) =>
    list.some((n) => n.id === id) ? list.map((n) => (n.id === id ? { ...n, ...changes } : n)) : list,
  );
}

/** Takes a notification off the screen without closing it: its callback does not run (it may come back). */
export function withdraw(id: string): void {
  notificationStore.set((list) => list.filter((n) => n.id !== id));
}
