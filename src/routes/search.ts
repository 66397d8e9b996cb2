// /api/search: quick search over the user's chat titles and messages (Ctrl+K); a blank query lists recent chats.
import { Hono } from "hono";
import { z } from "zod";
import { senderOf } from "../answers/sender";
import { oneShot, openDatabase } from "../db/client";
import { recentChats, type SearchRow, searchChats } from "../db/search";
import { pruneSearchWords } from "../db/search-words";
import { settleSenderAlone } from "../db/session-check";
import { messageSnippet } from "../domain/message-snippet";
import {
  buildSnippet,
  containsPattern,
  FIRST_MONTHS,
  highlightTerms,
  queryWords,
  SEARCH_MONTHS_MAX,
  SEARCH_PAGE_SIZE,
  SEARCH_QUERY_MAX,
  type SearchAnswerWire,
  type SearchHitWire,
  VOCABULARY_CHECKS_PER_DAY,
  VOCABULARY_SLICES,
  vocabularySlice,
} from "../domain/search";
import type { AppEnv, Env } from "../env";
import { sessionOrUser } from "../middleware/session";
import { validate } from "../middleware/validate";

const searchSchema = z.object({
  query: z.string().max(SEARCH_QUERY_MAX, `must be at most ${SEARCH_QUERY_MAX} characters`),
  months: z.number().int().min(1).max(SEARCH_MONTHS_MAX).default(FIRST_MONTHS),
  offset: z.number().int().min(0).max(10_000).default(0),
});

const hitDto = (row: SearchRow, snippet: string): SearchHitWire => ({
  chatId: row.chatId,
  assistantId: row.assistantId,
  assistant: row.assistant,
  title: row.title,
  model: row.model,
  messageId: row.messageId,
  snippet,
  date: row.date.toISOString(),
});

export const searchRoutes = new Hono<AppEnv>().post("/", validate("json", searchSchema), async (c) => {
  const { query, months, offset } = c.req.valid("json");
  // Over the HTTP endpoint, so that a search as you type opens no connection first: the session in a statement
  // of its own, then the search, whose plans need the user's id as a value (settleSenderAlone).
  const db = oneShot(c.env);
  const signedIn = async () => {
    const { sender, userId } = senderOf(sessionOrUser(c));
    await settleSenderAlone(db, sender);
    return userId();
  };
  const asked = queryWords(query);
  if (asked.words.length === 0) {
    // Only a blank query lists the recent chats: for "..." or "-" they would read as matches of it.
    const recent =
      offset === 0 && query.trim() === "" ? await recentChats(db, { userId: await signedIn() }) : [];
    return c.json({
      results: recent.map((row) => hitDto(row, "")),
      hasMore: false,
    } satisfies SearchAnswerWire);
  }
  const raw = query.trim().toLowerCase();
  const found = await searchChats(db, {
    ...asked,
    userId: await signedIn(),
    raw,
    like: containsPattern(raw),
    months,
    offset,
    limit: SEARCH_PAGE_SIZE,
  });
  const terms = highlightTerms(asked, found.alternatives);
  // A message is markdown, shown as the plain text it reads as; a title is plain text already.
  const snippetOf = (row: SearchRow) =>
    row.messageId === null ? buildSnippet(row.text, terms) : messageSnippet(row.text, terms);
  const results = found.rows.slice(0, SEARCH_PAGE_SIZE).map((row) => hitDto(row, snippetOf(row)));
  return c.json({ results, hasMore: found.rows.length > SEARCH_PAGE_SIZE } satisfies SearchAnswerWire);
});

/** The daily cron's share of keeping the typo vocabulary to words some message still holds. */
export async function pruneSearchVocabulary(
  env: Env,
  now: Date,
): Promise<{ checked: number; deleted: number }> {
  const { db, close } = openDatabase(env);
  try {
    return await pruneSearchWords(db, {
      slice: vocabularySlice(now),
      slices: VOCABULARY_SLICES,
      limit: VOCABULARY_CHECKS_PER_DAY,
    });
  } finally {
    await close();
  }
}
