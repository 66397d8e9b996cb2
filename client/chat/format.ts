// Small display helpers of the chat screen: message times (providers' names are the notices' rule's,
// src/domain/chat/notice-sentence.ts).

/** Message times, written without Intl (src/domain/message-time.ts says why). */
export { messageTime } from "../../src/domain/message-time";
