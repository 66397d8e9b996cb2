// When an answer shows its footer (its copy, Regenerate and branch buttons): one rule for the chat's message
// (client/chat/message-item.tsx) and the open chat's first frame (src/sharing/chat-shell-message.ts), which keeps
// the footer's place so that nothing moves when the app's messages replace it.
import { keepsRegenerate, type NoticeKey } from "./message-notices.ts";

export interface FooterSubject {
  /** Still being written: its footer comes once it is done. */
  live: boolean;
  /** It has words (to copy). */
  text: boolean;
  /** It may be generated again: the chat's last answer, while the chat can start one. */
  last: boolean;
  /** Its SPEC §8 notice (messageNotice). */
  notice: NoticeKey | null;
}

/**
 * A finished answer with words has its footer; one without (a picture alone, a grid of them, a stopped answer
 * that had not begun its text) only as the chat's last answer, for its Regenerate button, unless its notice
 * offers its own Retry instead (keepsRegenerate).
 */
export const showsAnswerFooter = ({ live, text, last, notice }: FooterSubject): boolean =>
  !live && (text || (last && keepsRegenerate(notice)));
