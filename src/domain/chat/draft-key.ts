// Which local-storage draft a composer reads and writes (SPEC §3: drafts keyed by prefix, 100-key index).

/** One draft per chat, and one per assistant for the message that will open a new chat. */
export function draftKeyOf(assistantId: string, chatId: number | null): string {
  return chatId === null ? `new:${assistantId}` : `chat:${chatId}`;
}
