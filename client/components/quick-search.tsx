// Quick search (SPEC §2–§4): Ctrl+K / Cmd+K anywhere signed in, or the header's button; the dialog itself
// loads on first use, so the chat screen does not carry it.
import { lazy, Suspense, useEffect } from "react";
import { useT } from "../i18n";
import { setSearchModalOpen, toggleSearchModal, useQuickSearch } from "../state/quick-search";
import { Icon } from "./icon";

const SearchDialog = lazy(() => import("./search-dialog"));

/** Ctrl+K (Cmd+K on macOS) opens and closes the modal from anywhere in the signed-in app. */
export function QuickSearch() {
  const { searchModalOpen } = useQuickSearch();
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "k") {
        event.preventDefault();
        toggleSearchModal();
      }
    };
    addEventListener("keydown", onKey);
    // Ctrl+K pressed in the first frame, before this listener was here (public/theme-boot.js): taken now,
    // and from now on the frame's script leaves the key to this listener.
    const root = document.documentElement;
    root.setAttribute("data-quick-search-ready", "");
    if (root.hasAttribute("data-quick-search-asked")) {
      root.removeAttribute("data-quick-search-asked");
      toggleSearchModal();
    }
    return () => {
      removeEventListener("keydown", onKey);
      root.removeAttribute("data-quick-search-ready");
    };
  }, []);
  if (!searchModalOpen) return null;
  return (
    <Suspense fallback={null}>
      <SearchDialog />
    </Suspense>
  );
}

/** The header's search button (the way in on a phone, where there is no Ctrl+K). */
export function QuickSearchButton() {
  const t = useT("app");
  return (
    <button
      type="button"
      className="icon-button quick-search-button"
      aria-label={t("search.open")}
      title={t("search.open")}
      aria-haspopup="dialog"
      onClick={() => setSearchModalOpen(true)}
    >
      <Icon name="search" />
    </button>
  );
}
