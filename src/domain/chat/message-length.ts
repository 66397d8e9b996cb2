// How long a message may be: the send routes' rule, which the composer shows before a send could fail on it.

export const MESSAGE_MAX_CHARACTERS = 100_000;

/** The length the rule counts: the text as it is sent, trimmed (UTF-16 units, as zod and the browser count). */
export const sentLength = (content: string): number => content.trim().length;

export const isTooLong = (content: string): boolean => sentLength(content) > MESSAGE_MAX_CHARACTERS;
