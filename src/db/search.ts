// Quick-search queries: one statement per search, only the user's own chats and messages, in SQL.
import { sql } from "drizzle-orm";
import { MESSAGES_PER_CHAT, RECENT_CHATS, tsQueryWord } from "../domain/search.ts";
import type { Database } from "./client";

export interface SearchRow {
  chatId: number;
  assistantId: number | null;
  assistant: string | null;
  title: string;
  model: string;
  /** Null for a chat whose title matched (or a recent chat). */
  messageId: number | null;
  /** The message's content, or the chat's title. */
  text: string;
  date: Date;
}

// The newest matching messages a search considers; exact matches are put before typo-tolerant ones among them.
const HIT_CAP = 300;
// Typo candidates per word, nearest first, among words at least this long.
const ALTERNATIVES = 3;
const FUZZY_MIN_LENGTH = 4;

type Raw = Record<string, unknown>;

function toRow(raw: Raw): SearchRow {
  return {
    chatId: Number(raw.chatId),
    assistantId: raw.assistantId === null ? null : Number(raw.assistantId),
    assistant: (raw.assistant as string | null) ?? null,
    title: String(raw.title ?? ""),
    model: String(raw.model),
    messageId: raw.messageId === null || raw.messageId === undefined ? null : Number(raw.messageId),
    text: String(raw.text ?? ""),
    date: new Date(raw.date as string | Date),
  };
}

/** SPEC §3/§9: the user's 5 most recently active chats, whatever their assistant. */
export async function recentChats(db: Database, { userId }: { userId: number }): Promise<SearchRow[]> {
  const result = await db.execute(sql`
    select c.id as "chatId", c."assistantId", a.label as assistant, c.title, c.model,
      null as "messageId", c.title as text, coalesce(c."updatedAt", c."createdAt") as date
    from hot.chat c left join hot.assistant a on a.id = c."assistantId"
    where c."user" = ${userId}
    order by c."updatedAt" desc, c.id desc
    limit ${RECENT_CHATS}`);
  return result.rows.map(toRow);
}

export interface SearchInput {
  userId: number;
  /** Lower-cased words (src/domain/search.ts queryWords). */
  words: string[];
  /** The last word matches as a prefix. */
  prefix: boolean;
  /** The query as typed, trimmed: titles also match it as a substring or by trigram similarity. */
  raw: string;
  /** LIKE pattern of `raw`. */
  like: string;
  months: number;
  offset: number;
  limit: number;
}

/**
 * Titles and messages of the user's chats matching every word, within the last `months`: full text (the
 * owner's language and as written), the last word as a prefix, and each word's nearest known spellings for
 * typos. Matching titles first, then messages (of the HIT_CAP newest hits: exact before typo-tolerant,
 * newest first), at most
 * MESSAGES_PER_CHAT per chat. `limit + 1` rows tell whether more exist. Also answers the spellings used.
 */
export async function searchChats(
  db: Database,
  input: SearchInput,
): Promise<{ rows: SearchRow[]; alternatives: string[] }> {
  const { userId, words, prefix, raw, like, months, offset, limit } = input;
  const terms = JSON.stringify(
    words.map((w, i) => ({ w, q: tsQueryWord(w, prefix && i === words.length - 1) })),
  );
  const result = await db.execute(sql`
    with word as (
      select t.i, t.e->>'w' as w, t.e->>'q' as q
      from jsonb_array_elements(${terms}::jsonb) with ordinality as t(e, i)
    ),
    alt as (
      select word.i, s.word as alt
      from word cross join lateral (
        select sw.word from hot.search_word sw
        where length(word.w) >= ${FUZZY_MIN_LENGTH} and sw.word % word.w and sw.word <> word.w
        order by sw.word <-> word.w
        limit ${ALTERNATIVES}
      ) s
    ),
    term as (
      select string_agg(
          '(' || word.q || coalesce((
            select string_agg(' | ''' || replace(alt.alt, '''', '''''') || '''', '') from alt where alt.i = word.i
          ), '') || ')', ' & ' order by word.i) as fuzzy,
        string_agg(word.q, ' & ' order by word.i) as exact
      from word
    ),
    cfg as (
      select hot.search_config((select p.lang from hot.user_preferences p where p."userId" = ${userId})) as c
    ),
    q as (
      select to_tsquery((select c from cfg), term.fuzzy) || to_tsquery('simple', term.fuzzy) as fuzzy,
        to_tsquery((select c from cfg), term.exact) || to_tsquery('simple', term.exact) as exact
      from term
    ),
    hit as (
      select m.id, m.chat, m.content, m."createdAt", m.search @@ (select exact from q) as exact
      from hot.message m
      where m.search @@ (select fuzzy from q)
        and m."createdAt" >= now() - make_interval(months => ${months})
        and m.chat in (select c.id from hot.chat c where c."user" = ${userId})
      -- Newest first only, so for a common word the planner can walk message_created_idx and stop early.
      order by m."createdAt" desc, m.id desc
      limit ${HIT_CAP}
    ),
    ranked as (
      select hit.*, row_number() over (partition by hit.chat order by hit.exact desc, hit."createdAt" desc) as n
      from hit
    ),
    found as (
      select 0 as kind, c.id as chat, null::bigint as message, c.title as text, c."updatedAt" as date, true as exact
      from hot.chat c
      where c."user" = ${userId}
        and c."updatedAt" >= now() - make_interval(months => ${months})
        and (c.title ilike ${like} or ${raw} <% c.title or to_tsvector('simple', c.title) @@ (select fuzzy from q))
      union all
      select 1, r.chat, r.id, r.content, r."createdAt", r.exact from ranked r where r.n <= ${MESSAGES_PER_CHAT}
    )
    select f.chat as "chatId", c."assistantId", a.label as assistant, c.title, c.model,
      f.message as "messageId", f.text, f.date,
      (select coalesce(jsonb_agg(alt.alt), '[]'::jsonb) from alt) as alternatives
    from found f
      join hot.chat c on c.id = f.chat and c."user" = ${userId}
      left join hot.assistant a on a.id = c."assistantId"
    order by f.kind, f.exact desc, f.date desc, f.message desc
    limit ${limit + 1} offset ${offset}`);
  const first = result.rows[0] as Raw | undefined;
  const alternatives = Array.isArray(first?.alternatives) ? (first.alternatives as string[]) : [];
  return { rows: result.rows.map((r) => toRow(r as Raw)), alternatives };
}
