// Names people type (assistants, chats, API keys): one that shows nothing on screen is no name at all.

/**
 * What draws nothing: whitespace, the default-ignorable characters (zero-width space and joiners, direction
 * marks, soft hyphen, the Hangul fillers, the byte-order mark…) and control characters. `trim()` keeps all but
 * the first, so a zero-width space alone passed as a name and left a blank row in every list.
 */
const INVISIBLE = /[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cc}]/gu;

/** Whether a name has at least one character that shows. */
export const hasVisibleText = (text: string): boolean => text.replace(INVISIBLE, "") !== "";
