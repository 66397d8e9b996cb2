// Quick-search state shared across the app (SPEC §3): whether the modal is open, and the message a result
// asked the chat screen to jump to. The modal's own fields (searchInput, selectedIndex…) live in the modal.
import { createStore, useStore } from "../lib/store";

export interface QuickSearchState {
  searchModalOpen: boolean;
  /** Set when a message result is opened; the chat screen clears it once the message is shown. */
  jumpToMessageId: number | null;
  /** The chat holding jumpToMessageId, so the chat still on screen during navigation leaves it alone. */
  jumpChatId: number | null;
}

export const quickSearchStore = createStore<QuickSearchState>({
  searchModalOpen: false,
  jumpToMessageId: null,
  jumpChatId: null,
});

export const useQuickSearch = (): QuickSearchState => useStore(quickSearchStore);

export const setSearchModalOpen = (searchModalOpen: boolean): void =>
  quickSearchStore.set((s) => (s.searchModalOpen === searchModalOpen ? s : { ...s, searchModalOpen }));

export const toggleSearchModal = (): void =>
  quickSearchStore.set((s) => ({ ...s, searchModalOpen: !s.searchModalOpen }));

/** Asks the chat screen of `chatId` to show one of its messages; null clears the request. */
export const setJumpToMessageId = (jumpToMessageId: number | null, jumpChatId: number | null = null): void =>
  quickSearchStore.set((s) =>
    s.jumpToMessageId === jumpToMessageId && s.jumpChatId === jumpChatId
      ? s
      : { ...s, jumpToMessageId, jumpChatId: jumpToMessageId === null ? null : jumpChatId },
  );
