// The quick-search dialog, loaded on first use: the 5 recent chats, results as you type grouped by chat,
// arrows and Enter, month-by-month "search older", and a jump to the message (SPEC §2–§4).
import {
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { useNavigate } from "react-router";
import { dateTime } from "../../src/domain/message-time";
import { recentTime } from "../../src/domain/recent-time";
import {
  chatPath,
  FIRST_MONTHS,
  groupByChat,
  HANDLED_KEYS,
  olderMonths,
  queryWords,
  SEARCH_MONTHS_MAX,
  type SearchHitWire,
  selectNext,
  selectPrevious,
  snippetParts,
} from "../../src/domain/search";
import { ModelIcon } from "../chat/model-badge";
import { useRecentChats, useSearchResults } from "../hooks/use-search";
import { useLocale, useT } from "../i18n";
import { setJumpToMessageId, setSearchModalOpen } from "../state/quick-search";
import { Icon } from "./icon";
import "./quick-search.css";

/** How long typing must pause before a search goes out. */
const DEBOUNCE_MS = 120;
const DEFAULT_ASSISTANT = "SWITCHBOARD";

function Snippet({ html }: { html: string }) {
  return (
    <>
      {snippetParts(html).map((part, i) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one snippet never move.
        part.mark ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>,
      )}
    </>
  );
}

export default function SearchDialog() {
  const t = useT("app");
  const locale = useLocale();
  const navigate = useNavigate();
  const ids = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  // SPEC §3 quick-search state.
  const [searchInput, setSearchInput] = useState("");
  const [query, setQuery] = useState("");
  const [numberOfMonthes, setNumberOfMonthes] = useState(FIRST_MONTHS);
  const [selectedIndex, setSelectedIndex] = useState(0);
  const [autoSelectionOn, setAutoSelectionOn] = useState(true);
  const keyInputToListen = HANDLED_KEYS;

  const mostRecentChats = useRecentChats(true);
  // The index holds words only: a query of punctuation alone ("#", "()") is not sent, the dialog says why.
  const searchable = queryWords(searchInput).words.length > 0;
  const search = useSearchResults(queryWords(query).words.length > 0 ? query : "", numberOfMonthes);
  const searching = searchInput.trim().length > 0;
  const searchResult = searching && searchable ? search.results : [];
  const options: SearchHitWire[] = searching ? searchResult : (mostRecentChats.data ?? []);
  const groups = searching ? groupByChat(searchResult) : [];
  const flat = searching ? groups.flatMap((g) => g.hits.map((h) => h.hit)) : options;

  // Closed before it leaves the page (a layout effect's cleanup runs while it is still there): only a
  // dialog's close() gives focus back to what had it before showModal(), instead of leaving it on <body>.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  // Debounced: each pause sends one query; answers to older ones are never shown (one cache entry each).
  useEffect(() => {
    const timer = setTimeout(() => setQuery(searchInput), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchInput]);
  // New results put the selection back on the first one, unless the user is pointing elsewhere.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the selection follows a new list, not its contents.
  useEffect(() => {
    if (autoSelectionOn) setSelectedIndex(0);
  }, [query, numberOfMonthes, searching]);
  useEffect(() => {
    document.getElementById(`${ids}-option-${selectedIndex}`)?.scrollIntoView({ block: "nearest" });
  }, [selectedIndex, ids]);

  const close = () => setSearchModalOpen(false);
  const open = (hit: SearchHitWire | undefined) => {
    if (!hit) return;
    close();
    setJumpToMessageId(hit.messageId, hit.chatId);
    navigate(chatPath(hit));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!keyInputToListen.includes(event.key)) return;
    event.preventDefault();
    if (event.key === "ArrowUp") setSelectedIndex(selectPrevious);
    else if (event.key === "ArrowDown") setSelectedIndex((i) => selectNext(i, flat.length - 1));
    else open(flat[Math.min(selectedIndex, flat.length - 1)]);
  };

  const option = (hit: SearchHitWire, index: number, body: ReactNode) => (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input owns the keyboard (aria-activedescendant).
    <div
      key={`${hit.chatId}:${hit.messageId ?? "chat"}`}
      id={`${ids}-option-${index}`}
      role="option"
      tabIndex={-1}
      aria-selected={index === selectedIndex}
      className="quick-search-option"
      data-message-id={hit.messageId ?? undefined}
      onMouseMove={() => {
        if (index === selectedIndex) return;
        setAutoSelectionOn(false);
        setSelectedIndex(index);
      }}
      onClick={() => open(hit)}
    >
      {body}
    </div>
  );
  // Short, as chat apps write it (a phone's row has no room for "Nov 27, 2026, 3:07 PM"); the whole on hover.
  const now = new Date();
  const when = (iso: string) => (
    <time dateTime={iso} title={dateTime(iso, locale)}>
      {recentTime(iso, locale, now)}
    </time>
  );
  const windowEmpty =
    numberOfMonthes === 1 ? t("search.emptyFirst") : t("search.emptyOlder", { months: numberOfMonthes });
  const status = searching
    ? !searchable
      ? t("search.punctuationOnly")
      : search.isError
        ? t("search.error")
        : search.isFetching && !search.isFetchingNextPage
          ? t("search.loading")
          : search.isSuccess && flat.length === 0 && query === searchInput
            ? windowEmpty
            : ""
    : mostRecentChats.isSuccess && options.length === 0
      ? t("search.noRecent")
      : "";

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; Escape does so from the keyboard.
    <dialog
      ref={dialogRef}
      className="quick-search"
      aria-label={t("search.label")}
      // A close event arriving while the dialog is open again is the one its own cleanup caused in
      // StrictMode's second mount (dev): the dialog was reopened since, nothing to do.
      onClose={(event) => !event.currentTarget.open && close()}
      onCancel={close}
      onClick={(event) => event.target === dialogRef.current && close()}
    >
      <div className="quick-search-box">
        <div className="quick-search-field">
          <Icon name="search" size={18} />
          <input
            type="text"
            role="combobox"
            aria-label={t("search.label")}
            aria-expanded={flat.length > 0}
            aria-controls={`${ids}-list`}
            aria-autocomplete="list"
            aria-activedescendant={flat.length > 0 ? `${ids}-option-${selectedIndex}` : undefined}
            placeholder={t("search.placeholder")}
            value={searchInput}
            autoFocus
            autoComplete="off"
            spellCheck={false}
            maxLength={200}
            onChange={(event) => {
              setSearchInput(event.target.value);
              setNumberOfMonthes(FIRST_MONTHS);
              setAutoSelectionOn(true);
            }}
            onKeyDown={onKeyDown}
          />
          <button type="button" className="icon-button" aria-label={t("search.close")} onClick={close}>
            <Icon name="close" size={18} />
          </button>
        </div>
        {/* Not a tab stop, though Chrome makes a scrolling box one: the field's arrows move through its options
            and scroll the selected one into view (aria-activedescendant). axe's scrollable-region-focusable
            leaves a combobox's listbox to its field, as here. */}
        <div
          id={`${ids}-list`}
          role="listbox"
          tabIndex={-1}
          aria-label={searching ? t("search.results") : t("search.recent")}
        >
          {!searching && options.length > 0 && (
            // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role="group", not fieldsets.
            <div role="group" aria-labelledby={`${ids}-recent`}>
              {/* A listbox's groups hold options only: the heading is presentational, its text naming the group. */}
              <h2 id={`${ids}-recent`} className="quick-search-heading" role="presentation">
                {t("search.recent")}
              </h2>
              {options.map((hit, index) =>
                option(
                  hit,
                  index,
                  <>
                    <ModelIcon modelKey={hit.model} size={18} />
                    <span className="quick-search-title">{hit.title || "…"}</span>
                    <span className="quick-search-meta">
                      <span className="quick-search-assistant">{hit.assistant ?? DEFAULT_ASSISTANT}</span>
                      <span className="quick-search-time">· {when(hit.date)}</span>
                    </span>
                  </>,
                ),
              )}
            </div>
          )}
          {groups.map((group) => (
            // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role="group", not fieldsets.
            <div key={group.chatId} role="group" aria-labelledby={`${ids}-group-${group.chatId}`}>
              <h2 id={`${ids}-group-${group.chatId}`} className="quick-search-heading" role="presentation">
                <ModelIcon modelKey={group.model} size={16} />
                <span className="quick-search-title">{group.title || "…"}</span>
                <span className="quick-search-meta">
                  <span className="quick-search-assistant">{group.assistant ?? DEFAULT_ASSISTANT}</span>
                </span>
              </h2>
              {group.hits.map(({ hit, index }) =>
                option(
                  hit,
                  index,
                  <>
                    {hit.messageId === null && (
                      <span className="quick-search-kind">{t("search.titleMatch")}</span>
                    )}
                    <span className="quick-search-snippet">
                      <Snippet html={hit.snippet} />
                    </span>
                    <span className="quick-search-meta">{when(hit.date)}</span>
                  </>,
                ),
              )}
            </div>
          ))}
        </div>
        <p className="quick-search-status" role="status">
          {status}
        </p>
        <footer className="quick-search-footer">
          <span className="quick-search-hint">{t("search.hint")}</span>
          {searching && searchable && search.hasNextPage && (
            <button
              type="button"
              className="button secondary small"
              onClick={() => void search.fetchNextPage()}
            >
              {t("search.more")}
            </button>
          )}
          {searching && searchable && numberOfMonthes < SEARCH_MONTHS_MAX && (
            <button
              type="button"
              className="button secondary small"
              data-testid="search-older"
              onClick={() => setNumberOfMonthes(olderMonths)}
            >
              {t("search.older")}
            </button>
          )}
        </footer>
      </div>
    </dialog>
  );
}
