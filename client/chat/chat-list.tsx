// The sidebar's conversations of the current assistant: newest first, "load more", a new-chat link.
import { useRef } from "react";
import { NavLink, useParams } from "react-router";
import { chatIdOf } from "../../src/domain/chat/chat-list";
import { Icon } from "../components/icon";
import { usePrefetchChat } from "../hooks/use-chat";
import { useChatList, usePrefetchChatList } from "../hooks/use-chats";
import { useT } from "../i18n";
import { useFocusAfterRemoval } from "../lib/use-focus-after-removal";
import { ChatListItem } from "./chat-list-item";
import "./chat-list.css";

export function ChatList({ assistantId }: { assistantId: string }) {
  const { chatId } = useParams();
  // Before the translations (which may suspend): the list and the open chat are read in the meantime.
  usePrefetchChatList(assistantId);
  usePrefetchChat(chatIdOf(chatId));
  const t = useT("chat");
  const list = useChatList(assistantId);
  const chats = list.data?.chats ?? [];
  const root = useRef<HTMLDivElement>(null);
  // How many chats the list had when "Load more" was pressed: the first one it brought is where the focus
  // goes once the last page is in and the button with it.
  const loadedFrom = useRef(0);
  useFocusAfterRemoval(root, ".load-more", () => {
    const links = root.current?.querySelectorAll<HTMLElement>(".chat-link");
    return links?.[loadedFrom.current] ?? links?.[links.length - 1];
  });
  // A deleted chat's row goes with the focus on its menu button: the next row's takes it, else the one before,
  // else New chat (in a phone's drawer the page behind is out of reach).
  useFocusAfterRemoval(root, ".chat-menu-button", () =>
    root.current?.querySelector<HTMLElement>(".new-chat-link"),
  );
  const loadMore = () => {
    if (list.loadingMore) return;
    loadedFrom.current = chats.length;
    void list.loadMore();
  };
  return (
    <div ref={root} className="chat-list" data-testid="chat-list">
      <NavLink to={`/app/a/${assistantId}`} end className="new-chat-link">
        <Icon name="plus" size={18} /> {t("newChat")}
      </NavLink>
      {list.isSuccess && chats.length === 0 && <p className="sidebar-empty">{t("list.empty")}</p>}
      <ul className="sidebar-list chat-items">
        {chats.map((chat) => (
          <ChatListItem
            key={chat.id}
            chat={chat}
            assistantId={assistantId}
            active={String(chat.id) === chatId}
          />
        ))}
      </ul>
      {list.data?.hasNextPage && (
        <button
          type="button"
          className="link-button load-more"
          onClick={loadMore}
          // aria-disabled while it loads: a disabled button would drop the focus to the page.
          aria-disabled={list.loadingMore}
        >
          {t("list.loadMore")}
        </button>
      )}
    </div>
  );
}
