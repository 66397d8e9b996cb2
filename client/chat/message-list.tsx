// The conversation, virtualised: only messages near the viewport are in the DOM (a chat of 1,000 messages
// stays light). Anchored to the end: the view follows a streaming answer unless the reader scrolled up,
// and keeps its place when older messages arrive above.
import { useVirtualizer } from "@tanstack/react-virtual";
import { startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { questionAt } from "../../src/domain/chat/answer-announcements";
import type { GridChoice } from "../../src/domain/chat/midjourney";
import { Icon } from "../components/icon";
import { useT } from "../i18n";
import { bootShellHoldsChat, removeBootShell } from "../lib/boot-shell";
import { smoothScroll } from "../lib/scroll-behavior";
import { useFocusAfterRemoval } from "../lib/use-focus-after-removal";
import { useAnswerAnnouncements } from "./answer-announcer";
import { framedRunStart, keepFrameAnswers } from "./markdown/frame-answers";
import { markdownLoaded, markdownReady, warmMarkdownOnInput } from "./markdown/lazy-markdown";
import { MessageItem, type ViewMessage } from "./message-item";

/** A first guess of a message's height, refined by measurement once it is on screen. */
function estimateHeight(message: ViewMessage | undefined): number {
  if (!message) return 120;
  const lines = Math.ceil(message.content.length / 85) + (message.content.match(/\n/g)?.length ?? 0) / 2;
  return Math.min(6_000, (message.role === "user" ? 72 : 110) + lines * 24);
}

/** The code-copy buttons live in sanitised HTML: one listener for all of them. */
function copyCodeFrom(event: MouseEvent, copiedLabel: string) {
  const button = (event.target as Element | null)?.closest<HTMLButtonElement>("[data-code-copy]");
  if (!button) return;
  const code = button.closest(".code-block")?.querySelector("pre code")?.textContent ?? "";
  navigator.clipboard.writeText(code).then(
    () => {
      const label = button.textContent;
      button.textContent = copiedLabel;
      button.dataset.copied = "";
      setTimeout(() => {
        button.textContent = label;
        delete button.dataset.copied;
      }, 1500);
    },
    (error: unknown) => console.error("Copy failed", error),
  );
}

export interface MessageListProps {
  messages: readonly ViewMessage[];
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder(): void;
  onRetry?(message: ViewMessage): void;
  onBranch?(message: ViewMessage): void;
  retryingId?: number | null;
  /** The model a regeneration would use (the composer's). */
  retryModel?: string | null;
  /** Presses a Midjourney grid's button, U1–U4 or V1–V4 (any grid of the chat, as in Midjourney). */
  onPressChoice?(message: ViewMessage, choice: GridChoice): void;
  /** Edits the last question; resolves true once the new exchange started. */
  onEdit?(message: ViewMessage, content: string, keptFileIds: string[]): Promise<boolean>;
  /** Changes when the user sends: the view jumps to the end whatever it showed. */
  followToken: number;
  /** Changes when the last question's editor is asked for (from the composer): it opens, scrolled to. */
  editToken?: number;
  /** A message to scroll to and highlight (quick search), once it is among `messages`. */
  jumpTo?: number | null;
  onJumped?(): void;
}

/** How long a message reached from quick search stays highlighted. */
const JUMP_HIGHLIGHT_MS = 2_600;

const NO_MESSAGES: readonly ViewMessage[] = [];

export function MessageList({
  messages: allMessages,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  onRetry,
  onBranch,
  retryingId,
  retryModel,
  onPressChoice,
  onEdit,
  followToken,
  editToken = 0,
  jumpTo = null,
  onJumped,
}: MessageListProps) {
  // The screen around the list comes first; the messages follow as a transition, which React renders in
  // slices with the page responsive in between (an answer's markdown, tables and code take a while to
  // render on a phone), not in the same long task.
  // Under an open chat's first frame, which shows the answers typeset, the list first shows the newest
  // messages whose answers are the frame's own (client/chat/markdown/frame-answers.ts), and the older ones
  // once the markdown renderer is here (preloaded with the page): taking over with answers as raw text would be
  // a step back, and rendering them all before taking over would keep the page busy longer.
  const [framedFrom] = useState(() => {
    keepFrameAnswers();
    if (!bootShellHoldsChat()) return null;
    const start = framedRunStart(allMessages);
    return start === null ? null : (allMessages[start]?.id ?? null);
  });
  // Questions and answers still being written have no markdown to render, and one exchange little once the
  // renderer is here: shown at once, in the commit that puts the pane on the page. A new chat's first
  // exchange, handed over from the screen that showed it while the chat was made, would otherwise blink out
  // for a transition (~0.2 s) as its open chat took over.
  const [shown, setShown] = useState<"none" | "framed" | "all">(() =>
    framedFrom === null &&
    !bootShellHoldsChat() &&
    (allMessages.every((m) => m.role === "user" || m.live) || (allMessages.length <= 2 && markdownLoaded()))
      ? "all"
      : "none",
  );
  useEffect(() => {
    let live = true;
    const show = (next: "framed" | "all") => live && startTransition(() => setShown(next));
    if (framedFrom !== null) show("framed");
    else if (bootShellHoldsChat()) markdownReady().then(() => show("all"));
    else show("all");
    return () => {
      live = false;
    };
  }, [framedFrom]);
  // Once the frame has handed over (its own transition, not this one's), the messages older than its run.
  const framedIsAll = allMessages[0]?.id === framedFrom;
  useEffect(() => {
    if (shown !== "framed") return;
    let live = true;
    const showAll = () => live && startTransition(() => setShown("all"));
    if (framedIsAll) {
      showAll();
      warmMarkdownOnInput();
    } else markdownReady().then(showAll);
    return () => {
      live = false;
    };
  }, [shown, framedIsAll]);
  const mounting = shown === "none";
  const messages = mounting
    ? NO_MESSAGES
    : shown === "framed"
      ? allMessages.slice(
          Math.max(
            0,
            allMessages.findIndex((m) => m.id === framedFrom),
          ),
        )
      : allMessages;
  // Older pages once all the messages here are shown.
  const olderToLoad = hasOlder && shown === "all";
  // An open chat's first frame (its messages, server-rendered) goes in the commit that puts these on the page.
  useLayoutEffect(() => {
    if (!mounting) removeBootShell();
  }, [mounting]);
  // From all the messages, not those shown yet: an answer already there as the pane mounts is not one asked here.
  useAnswerAnnouncements(allMessages);
  const lastQuestion = messages.findLastIndex((m) => m.role === "user");
  const t = useT("chat");
  const scrollRef = useRef<HTMLDivElement>(null);
  // Retry (or Regenerate) and an edit's Replace go with the exchange they replace once the new one starts:
  // the focus goes on to the message field below the list, as after Stop, rather than to the page.
  useFocusAfterRemoval(scrollRef, ".message-retry, .message-edit-replace", () =>
    scrollRef.current?.closest(".chat-screen")?.querySelector<HTMLElement>(".composer-input"),
  );
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => estimateHeight(messages[index]),
    getItemKey: (index) => messages[index]?.id ?? index,
    overscan: 4,
    paddingStart: 16,
    paddingEnd: 24,
    // A message scrolled to its start keeps a little room above it, below the pane's top edge.
    scrollPaddingStart: 12,
    anchorTo: "end",
    followOnAppend: true,
    scrollEndThreshold: 48,
    // Measured heights and scrolling move the rows by writing their `top` (and the sizer's height) straight
    // into the DOM; the list renders again only when the rows shown change. Each measurement of the rows
    // put on the page rendered the list again, synchronously, in the commit that put them there.
    directDomUpdates: true,
    directDomUpdatesMode: "position",
  });

  // Open at the latest message, and go back there whenever the user sends.
  const hasMessages = messages.length > 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: followToken is the signal, not a value read here.
  useLayoutEffect(() => {
    if (!hasMessages) return;
    virtualizer.scrollToEnd();
  }, [followToken, hasMessages, virtualizer]);

  const onScroll = useCallback(() => {
    const element = scrollRef.current;
    if (element && element.scrollTop < 600 && olderToLoad && !loadingOlder) onLoadOlder();
  }, [olderToLoad, loadingOlder, onLoadOlder]);
  // A short chat page may not scroll at all: then older pages load straight away.
  useEffect(() => {
    const element = scrollRef.current;
    if (mounting || !element || !olderToLoad || loadingOlder) return;
    if (element.scrollHeight <= element.clientHeight + 600) onLoadOlder();
  });

  // Rows far up are only estimates until measured: scroll again once they have their real heights. The
  // request is cleared at once (onJumped), so the later scrolls must outlive it: timers end on unmount only.
  const [jumped, setJumped] = useState<number | null>(null);
  const settleTimers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => settleTimers.current.forEach(clearTimeout), []);
  useEffect(() => {
    if (jumpTo === null) return;
    const index = messages.findIndex((m) => m.id === jumpTo);
    if (index < 0) return;
    // Centred when it fits; a message taller than the pane starts at its top, where centring would have
    // put its start (and the words found there) above the pane, out of sight under the chat's header.
    const settle = () => {
      const height = virtualizer.measurementsCache[index]?.size ?? 0;
      const fits = height <= (scrollRef.current?.clientHeight ?? 0);
      virtualizer.scrollToIndex(index, { align: fits ? "center" : "start" });
    };
    settle();
    settleTimers.current.push(setTimeout(settle, 80), setTimeout(settle, 250), setTimeout(settle, 600));
    setJumped(jumpTo);
    onJumped?.();
  }, [jumpTo, messages, virtualizer, onJumped]);
  useEffect(() => {
    if (jumped === null) return;
    const timer = setTimeout(() => setJumped(null), JUMP_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [jumped]);

  // The last question's editor, asked for: scrolled into view (it may be far up, not rendered yet), the
  // request kept until its row has opened it.
  const [editRequested, setEditRequested] = useState(false);
  const onEditorOpened = useCallback(() => setEditRequested(false), []);
  useEffect(() => {
    if (editToken === 0) return;
    setEditRequested(true);
  }, [editToken]);
  useEffect(() => {
    if (editRequested && lastQuestion >= 0) virtualizer.scrollToIndex(lastQuestion, { align: "center" });
  }, [editRequested, lastQuestion, virtualizer]);

  const copiedLabel = t("message.copied");
  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const onClick = (event: MouseEvent) => copyCodeFrom(event, copiedLabel);
    element.addEventListener("click", onClick);
    return () => element.removeEventListener("click", onClick);
  }, [copiedLabel]);

  const items = virtualizer.getVirtualItems();
  const atEnd = messages.length === 0 || virtualizer.isAtEnd(120);
  return (
    <div className="message-pane">
      <div className="message-scroller" ref={scrollRef} onScroll={onScroll}>
        {loadingOlder && (
          <p className="older-loading" role="status">
            {t("message.olderLoading")}
          </p>
        )}
        <div className="message-sizer" ref={virtualizer.containerRef}>
          {items.map((item) => {
            const message = messages[item.index];
            if (!message) return null;
            return (
              <div
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className="message-row"
                data-jumped={message.id === jumped || undefined}
              >
                <MessageItem
                  message={message}
                  question={questionAt(messages, item.index) ?? undefined}
                  // Only the last answer can be generated again.
                  onRetry={item.index === messages.length - 1 ? onRetry : undefined}
                  retrying={retryingId === message.id}
                  onBranch={onBranch}
                  retryModel={retryModel}
                  onPressChoice={onPressChoice}
                  onEdit={item.index === lastQuestion ? onEdit : undefined}
                  editRequested={item.index === lastQuestion && editRequested}
                  onEditorOpened={onEditorOpened}
                />
              </div>
            );
          })}
        </div>
      </div>
      {!atEnd && (
        <button
          type="button"
          className="jump-to-latest icon-button"
          aria-label={t("message.jumpToLatest")}
          onClick={() => virtualizer.scrollToEnd({ behavior: smoothScroll() })}
        >
          <Icon name="arrowDown" size={18} />
        </button>
      )}
    </div>
  );
}
