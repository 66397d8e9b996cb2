// The first frame index.html paints before any script has run (#boot-shell): a new chat's screen, shown by
// theme-boot.js, or an open chat's newest messages and a composer, put in by the Worker
// (src/sharing/chat-shell.ts). It goes once the app has put its own screen on the page — for an open chat,
// its messages — or a redirect, an error page, anything else in its place.

import { FRAME_MATH_STYLES_ATTRIBUTE } from "../../src/domain/chat/frame-answers";

/** Text typed into an open chat's frame, for the app's composer (client/chat/composer.tsx). */
export const BOOT_DRAFT_EVENT = "switchboard:boot-draft";
export interface BootDraft {
  text: string;
  focused: boolean;
  /** Enter was pressed in the frame (public/theme-boot.js marks the field): the text is to be sent. */
  send: boolean;
}

/** Whether the frame shows an open chat: it then stays until the chat's own messages are on the page. */
export const bootShellHoldsChat = (): boolean =>
  document.getElementById("boot-shell")?.hasAttribute("data-chat") ?? false;

export function removeBootShell(): void {
  const root = document.documentElement;
  const shell = document.getElementById("boot-shell");
  const chat = shell?.hasAttribute("data-chat") ?? false;
  if (!root.hasAttribute("data-boot") && !chat) return;
  const field = chat ? shell?.querySelector("textarea") : null;
  const draft: BootDraft | null = field
    ? { text: field.value, focused: document.activeElement === field, send: field.hasAttribute("data-send") }
    : null;
  // The math of the answers the app keeps from the frame is KaTeX's HTML: its stylesheet stays with them.
  const mathStyles = shell?.querySelector(`style[${FRAME_MATH_STYLES_ATTRIBUTE}]`);
  if (mathStyles) document.head.appendChild(mathStyles);
  shell?.remove();
  for (const name of ["data-boot", "data-boot-lang", "data-boot-default"]) root.removeAttribute(name);
  const app = document.getElementById("root");
  app?.removeAttribute("inert");
  app?.removeAttribute("aria-hidden");
  if (draft) dispatchEvent(new CustomEvent<BootDraft>(BOOT_DRAFT_EVENT, { detail: draft }));
}
