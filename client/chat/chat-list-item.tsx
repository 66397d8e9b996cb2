// One chat in the sidebar: its link, and a menu to rename it inline, share it, move it to another assistant
// or delete it after confirmation.
import { useQueryClient } from "@tanstack/react-query";
import { type KeyboardEvent, lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { NavLink, useNavigate } from "react-router";
import { assistantOfSegment } from "../../src/domain/app-routes";
import { type ChatSummary, chatPath } from "../../src/domain/chat/chat-list";
import { TITLE_INPUT_MAX } from "../../src/domain/chat/title";
import { hasVisibleText } from "../../src/domain/visible-text";
import { ConfirmDialog } from "../components/confirm-dialog";
import { Icon } from "../components/icon";
import { type Assistant, useAssistants } from "../hooks/use-assistants";
import { setChatAssistant } from "../hooks/use-chat";
import { useDeleteChat, useMoveChat, useRenameChat } from "../hooks/use-chats";
import { useT } from "../i18n";
import { useMenuKeys } from "../lib/use-menu-keys";
import { noticeName, notify } from "../state/notifications";

/** Loaded when a chat is shared, not with every chat list. */
const ShareDialog = lazy(() => import("./share-dialog").then((m) => ({ default: m.ShareDialog })));

/** Places a popover menu under its button, kept inside the window. */
function placeBelow(menu: HTMLElement | null, anchor: HTMLElement) {
  if (!menu) return;
  const rect = anchor.getBoundingClientRect();
  const width = 240;
  const margin = 8;
  menu.style.position = "fixed";
  menu.style.inset = "auto";
  // Never taller than the screen: with many assistants to move to, Delete was below a phone's screen.
  menu.style.maxHeight = `${window.innerHeight - 2 * margin}px`;
  menu.style.left = `${Math.max(margin, Math.min(rect.right - width, window.innerWidth - width - margin))}px`;
  // Below its button, or as far up as its height needs to stay on screen. Measured before the next paint: the
  // popover opens after this click handler.
  const place = () => {
    const room = window.innerHeight - menu.offsetHeight - margin;
    menu.style.top = `${Math.max(margin, Math.min(rect.bottom + 4, room))}px`;
  };
  place();
  requestAnimationFrame(place);
}

/** `byKey`: ended from the keyboard (Enter, Escape), so focus goes back to the row; a blur leaves it be. */
function RenameField({ chat, onDone }: { chat: ChatSummary; onDone(byKey: boolean): void }) {
  const t = useT("chat");
  // The field is gone before the server answers: the notice comes from the mutation (ListActionOutcome).
  const rename = useRenameChat({
    onError: () => notify({ title: t("list.renameFailed"), color: "destroy" }),
  });
  const [title, setTitle] = useState(chat.title ?? "");
  const save = (byKey: boolean) => {
    const next = title.trim();
    if (hasVisibleText(next) && next !== chat.title) rename.mutate({ chatId: chat.id, title: next });
    onDone(byKey);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      save(true);
    } else if (event.key === "Escape") {
      event.preventDefault();
      onDone(true);
    }
  };
  return (
    <input
      className="chat-rename"
      aria-label={t("list.renameLabel")}
      value={title}
      maxLength={TITLE_INPUT_MAX}
      onChange={(event) => setTitle(event.target.value)}
      onKeyDown={onKeyDown}
      onBlur={() => save(false)}
      // biome-ignore lint/a11y/noAutofocus: the field appears because the user asked to rename.
      autoFocus
      onFocus={(event) => event.target.select()}
    />
  );
}

export function ChatListItem({
  chat,
  assistantId,
  active,
}: {
  chat: ChatSummary;
  assistantId: string;
  active: boolean;
}) {
  const t = useT("chat");
  const common = useT("common");
  const navigate = useNavigate();
  const client = useQueryClient();
  const menuId = useId();
  const menu = useRef<HTMLDivElement>(null);
  useMenuKeys(menu);
  const menuButton = useRef<HTMLButtonElement>(null);
  /** Set when the rename field closes from the keyboard: its row's menu button takes the focus back. */
  const refocus = useRef(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const [sharing, setSharing] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const assistants = useAssistants();
  const title = chat.title || t("untitled");

  const assistantsToOffer: { id: string; label: string }[] = [
    // SPEC §3: the built-in assistant is the product name in capitals.
    { id: "default", label: common("brand").toLocaleUpperCase("en") },
    ...(assistants.data ?? []).map((a: Assistant) => ({ id: String(a.id), label: a.label })),
  ];
  const targets = assistantsToOffer.filter((target) => target.id !== assistantId);

  // The row leaves the list at once (optimistic), so what follows the server's answer lives in the mutation.
  const remove = useDeleteChat({
    onError: () => notify({ title: t("list.deleteFailed"), color: "destroy" }),
  });
  const move = useMoveChat({
    onSuccess: ({ chatId, to }) => {
      const name = assistantsToOffer.find((target) => target.id === to)?.label ?? "";
      notify({ title: t("list.moved", { assistant: noticeName(name) }), name, icon: "check" });
      setChatAssistant(client, chatId, assistantOfSegment(to));
      // The open chat follows: under its old assistant's address the screen would name the wrong one.
      if (active) navigate(chatPath(to, chatId), { replace: true });
    },
    onError: () => notify({ title: t("list.moveFailed"), color: "destroy" }),
  });

  const closeMenu = () => menu.current?.hidePopover();

  // The field is gone by now and the focus with it (on <body>, Tab would start over from the page's top).
  useEffect(() => {
    if (renaming || !refocus.current) return;
    refocus.current = false;
    menuButton.current?.focus();
  }, [renaming]);

  const confirmDelete = () => {
    dialog.current?.close();
    // Another chat's row goes from under the focus: its menu button holds it until then, and the list hands
    // it to the next row's (chat-list.tsx). The open chat's screen gives way instead, the drawer with it.
    if (!active) menuButton.current?.focus();
    remove.mutate(chat.id);
    if (active) navigate(`/app/a/${assistantId}`);
  };

  const moveTo = (target: { id: string; label: string }) => {
    closeMenu();
    move.mutate({ chatId: chat.id, from: assistantId, to: target.id });
  };

  return (
    <li className="chat-item" data-active={active || undefined} data-chat-id={chat.id}>
      {renaming ? (
        <RenameField
          chat={chat}
          onDone={(byKey) => {
            // Only ever set here: the blur that may follow the field's removal must not undo a key's ask.
            if (byKey) refocus.current = true;
            setRenaming(false);
          }}
        />
      ) : (
        <NavLink to={chatPath(assistantId, chat.id)} className="sidebar-item chat-link" title={title}>
          <span className="chat-link-title">{title}</span>
        </NavLink>
      )}
      {!renaming && (
        <button
          ref={menuButton}
          type="button"
          className="icon-button chat-menu-button"
          popoverTarget={menuId}
          aria-haspopup="menu"
          aria-label={t("list.actions", { title })}
          onClick={(event) => placeBelow(menu.current, event.currentTarget)}
        >
          <Icon name="more" size={18} />
        </button>
      )}
      {/* The WAI-ARIA menu pattern: announced as a menu of items, so a screen reader says the arrows move. */}
      <div
        id={menuId}
        ref={menu}
        popover="auto"
        className="menu chat-menu"
        role="menu"
        aria-label={t("list.actions", { title })}
      >
        <button
          type="button"
          role="menuitem"
          className="menu-item"
          onClick={() => {
            closeMenu();
            setRenaming(true);
          }}
        >
          <Icon name="edit" size={18} /> {t("list.rename")}
        </button>
        <button
          type="button"
          role="menuitem"
          className="menu-item"
          onClick={() => {
            closeMenu();
            setSharing(true);
          }}
        >
          <Icon name="share" size={18} /> {t("share.menu")}
        </button>
        {targets.length > 0 && (
          // biome-ignore lint/a11y/useSemanticElements: a menu's group of items (WAI-ARIA), not a form's fieldset.
          <div role="group" aria-labelledby={`${menuId}-move`}>
            <p id={`${menuId}-move`} className="chat-menu-heading" role="none">
              {t("list.move")}
            </p>
            {targets.map((target) => (
              <button
                key={target.id}
                type="button"
                role="menuitem"
                className="menu-item"
                onClick={() => moveTo(target)}
              >
                <Icon name="move" size={18} /> <span className="chat-menu-target">{target.label}</span>
              </button>
            ))}
          </div>
        )}
        <button
          type="button"
          role="menuitem"
          className="menu-item danger"
          onClick={() => {
            closeMenu();
            dialog.current?.showModal();
          }}
        >
          <Icon name="trash" size={18} /> {t("list.delete")}
        </button>
      </div>
      {sharing && (
        <Suspense fallback={null}>
          <ShareDialog chatId={chat.id} publicId={chat.publicId ?? null} onClose={() => setSharing(false)} />
        </Suspense>
      )}
      <ConfirmDialog
        ref={dialog}
        id={`${menuId}-delete`}
        title={t("list.deleteTitle")}
        text={t("list.deleteText", { title })}
        cancel={t("list.cancel")}
        confirm={t("list.deleteConfirm")}
        onConfirm={confirmDelete}
      />
    </li>
  );
}
