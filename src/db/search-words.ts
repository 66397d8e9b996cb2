// Quick search's vocabulary kept to the words still written somewhere: a slice of it checked each day.
import { sql } from "drizzle-orm";
import type { Database } from "./client";

/**
 * Deletes the words of one slice of `hot.search_word` (by a hash of the word) that no message holds any more
 * — of deleted messages, chats and accounts — checking at most `limit` of them, each through the messages'
 * full-text index. A word written again meanwhile comes back with its message (the trigger adds it); until
 * then it is only missing from typo suggestions.
 */
export async function pruneSearchWords(
  db: Database,
  { slice, slices, limit }: { slice: number; slices: number; limit: number },
): Promise<{ checked: number; deleted: number }> {
  const result = await db.execute<{ checked: number; deleted: number }>(sql`
    with batch as (
      select word from hot.search_word
      where (hashtext(word) & 2147483647) % ${slices} = ${slice}
      order by word
      limit ${limit}
    ),
    gone as (
      delete from hot.search_word sw using batch b
      where sw.word = b.word
        -- A backslash would not survive the literal below: such a word is kept.
        and position(E'\\\\' in b.word) = 0
        and not exists (select 1 from hot.message m where m.search @@ quote_literal(b.word)::tsquery)
      returning 1
    )
    select (select count(*) from batch)::int as checked, (select count(*) from gone)::int as deleted`);
  const row = result.rows[0];
  return { checked: Number(row?.checked ?? 0), deleted: Number(row?.deleted ?? 0) };
}
