// The chat screen's one live region: says that an answer asked here has started and, when it ends, its words
// (or their start) and its pictures, "Generation stopped" or its failure — not each token
// (src/domain/chat/answer-announcements.ts).
import {
  createContext,
  type ReactNode,
  type RefObject,
  use,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import {
  type Announcement,
  type AnnouncerState,
  announcerStep,
  initialAnnouncerState,
  picturesThenWords,
} from "../../src/domain/chat/answer-announcements";
import { noticeSentence } from "../../src/domain/chat/notice-sentence";
import { type Translate, useT } from "../i18n";
import { generationStore } from "../state/generation";
import { isStreamLost } from "../state/stream-lost";
import type { ViewMessage } from "./message-item";
import { modelLabel } from "./model-badge";

interface Announcer {
  /** Outlives the panes: a new chat's pane gives way to its open chat's while the first answer is written. */
  state: RefObject<AnnouncerState>;
  say(text: string): void;
}

const AnnouncerContext = createContext<Announcer | null>(null);

/**
 * Mounted once with the chat screen, empty: a screen reader reads a live region's changes, not a region that
 * arrives with its text (as the "Writing…" status did). Each announcement is a new node, so the same words
 * twice in a row ("Generation stopped") are said twice.
 */
export function AnswerAnnouncer({ children }: { children: ReactNode }) {
  const [said, setSaid] = useState({ count: 0, text: "" });
  const state = useRef(initialAnnouncerState());
  const announcer = useMemo<Announcer>(
    () => ({ state, say: (text) => setSaid(({ count }) => ({ count: count + 1, text })) }),
    [],
  );
  return (
    <AnnouncerContext value={announcer}>
      {children}
      <div className="visually-hidden" role="status" aria-live="polite" data-testid="answer-announcer">
        <span key={said.count}>{said.text}</span>
      </div>
    </AnnouncerContext>
  );
}

function wordsOf(announcement: Announcement, t: Translate<"chat">): string {
  switch (announcement.kind) {
    case "answering":
      return t("announce.answering", { model: modelLabel(announcement.model) });
    case "notice": {
      const { key, values } = noticeSentence(announcement.notice, announcement.provider);
      return t(key, values);
    }
    case "answer": {
      const words = announcement.cut
        ? t("announce.completeLong", { start: announcement.text })
        : announcement.text;
      const pictures = announcement.pictures && picturesReady(announcement.pictures, t);
      return pictures ? picturesThenWords(pictures, words) : words || t("announce.complete");
    }
  }
}

/** "Picture ready: <its prompt>", or how many are: said before the answer's words, if it has any. */
function picturesReady({ count, about }: { count: number; about: string }, t: Translate<"chat">): string {
  if (count === 1) return about ? t("announce.picture", { about }) : t("announce.pictureUntitled");
  return about ? t("announce.pictures", { count, about }) : t("announce.picturesUntitled", { count });
}

/** The conversation pane's messages (all of them, not only those rendered) to the chat screen's announcer. */
export function useAnswerAnnouncements(messages: readonly ViewMessage[]): void {
  const announcer = use(AnnouncerContext);
  const t = useT("chat");
  const tRef = useRef(t);
  tRef.current = t;
  const mounting = useRef(true);
  useEffect(() => {
    if (!announcer) return;
    const step = announcerStep(announcer.state.current, messages, {
      mounting: mounting.current,
      lost: isStreamLost,
      answering: (question) =>
        Object.values(generationStore.get().byChat).some((g) => g.userMessage?.content === question),
    });
    mounting.current = false;
    announcer.state.current = step.state;
    if (step.announcement) announcer.say(wordsOf(step.announcement, tRef.current));
  }, [announcer, messages]);
}
