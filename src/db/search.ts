// Quick-search queries: one statement per search, only the user's own chats and messages, in SQL.
import { sql } from "drizzle-orm";
import { MESSAGES_PER_CHAT, type QueryWords, queryTerms, RECENT_CHATS } from "../domain/search.ts";
import type { Statements } from "./client";

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
// How the newest hits are found depends on how common the words are, which only the data can tell: the
// statement first checks the user's PROBE newest messages of the window. A common word is done there; a
// frequent-enough one walks on newest first (at most WALK_MAX messages); a rare one asks the GIN index,
// whose cost grows with the matches in the whole window rather than with the messages walked.
const PROBE = 500;
const WALK_MAX = 20_000;

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
export async function recentChats(db: Statements, { userId }: { userId: number }): Promise<SearchRow[]> {
  const result = await db.execute(sql`
    select c.id as "chatId", c."assistantId", a.label as assistant, c.title, c.model,
      null as "messageId", c.title as text, coalesce(c."updatedAt", c."createdAt") as date
    from hot.chat c left join hot.assistant a on a.id = c."assistantId"
    where c."user" = ${userId}
    order by c."updatedAt" desc, c.id desc
    limit ${RECENT_CHATS}`);
  return result.rows.map(toRow);
}

/** The query's words as src/domain/search.ts queryWords splits them, and the rest of the search. */
export interface SearchInput extends QueryWords {
  userId: number;
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
 * owner's language and as written), the last word as a prefix, words joined by punctuation next to each
 * other, and each word's nearest known spellings for typos. Matching titles first, then messages (of the
 * HIT_CAP newest hits: holding a punctuated query as typed first, then exact before typo-tolerant, newest
 * first), at most MESSAGES_PER_CHAT per chat. `limit + 1` rows tell whether more exist. Also answers the
 * spellings used.
 */
export async function searchChats(
  db: Statements,
  input: SearchInput,
): Promise<{ rows: SearchRow[]; alternatives: string[] }> {
  const { userId, literal, raw, like, months, offset, limit } = input;
  const terms = JSON.stringify(queryTerms(input));
  const result = await db.execute(sql`
    with word as (
      select t.i, t.e->>'w' as w, t.e->>'q' as q, t.e->>'op' as op
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
          word.op || '(' || word.q || coalesce((
            select string_agg(' | ''' || replace(alt.alt, '''', '''''') || '''', '') from alt where alt.i = word.i
          ), '') || ')', '' order by word.i) as fuzzy,
        string_agg(word.op || word.q, '' order by word.i) as exact
      from word
    ),
    cfg as (
      select hot.search_config((select p.lang from hot.user_preferences p where p."userId" = ${userId})) as c
    ),
    q as materialized (
      select to_tsquery((select c from cfg), term.fuzzy) || to_tsquery('simple', term.fuzzy) as fuzzy,
        to_tsquery((select c from cfg), term.exact) || to_tsquery('simple', term.exact) as exact,
        now() - make_interval(months => ${months}) as since
      from term
    ),
    -- An exact match also matches the fuzzy query, so "exact" is only checked on hits.
    probe as materialized (
      select p.id, p.chat, p."createdAt", p.search @@ q.fuzzy as hit,
        p.search @@ q.fuzzy and p.search @@ q.exact as exact
      from q cross join lateral (
        select m.id, m.chat, m."createdAt", m.search from hot.message m
        where m."user" = ${userId} and m."createdAt" >= q.since
        order by m."createdAt" desc, m.id desc
        limit ${PROBE}
      ) p
    ),
    -- 'probe' when the probe holds the answer (enough hits, or the whole window); 'walk' when walking on
    -- until HIT_CAP hits (estimated from the probe's hit rate) costs fewer rows than the GIN index would
    -- match in the window (the probe's rate over the window's length, by the probe's time span); else 'gin'.
    how as materialized (
      select case
        when s.hits >= ${HIT_CAP} or s.examined < ${PROBE} then 'probe'
        when s.hits > 0 and ${HIT_CAP * PROBE}::float8 / s.hits <= least(${WALK_MAX},
          s.hits * extract(epoch from s.newest - q.since) / nullif(extract(epoch from s.newest - s.oldest), 0))
          then 'walk'
        else 'gin' end as how
      from q, (
        select count(*) as examined, count(*) filter (where hit) as hits,
          min("createdAt") as oldest, max("createdAt") as newest
        from probe
      ) s
    ),
    walk as materialized (
      select w.id, w.chat, w."createdAt", w.search @@ q.exact as exact
      from q cross join lateral (
        select m.id, m.chat, m."createdAt", m.search from hot.message m
        where (select how from how) = 'walk' and m."user" = ${userId} and m."createdAt" >= q.since
        order by m."createdAt" desc, m.id desc
        limit ${WALK_MAX}
      ) w
      where w.search @@ q.fuzzy
      limit ${HIT_CAP}
    ),
    -- Exactly one branch runs (a walk that came up short leaves it to the index).
    hit as (
      (select probe.id, probe.chat, probe."createdAt", probe.exact from probe
        where probe.hit and (select how from how) = 'probe'
        order by probe."createdAt" desc, probe.id desc
        limit ${HIT_CAP})
      union all
      select walk.id, walk.chat, walk."createdAt", walk.exact from walk
        where (select count(*) from walk) = ${HIT_CAP}
      union all
      (select m.id, m.chat, m."createdAt", m.search @@ q.exact
        from q cross join hot.message m
        where ((select how from how) = 'gin' or (select how from how) = 'walk' and (select count(*) from walk) < ${HIT_CAP})
          and m.search @@ q.fuzzy and m."user" = ${userId} and m."createdAt" >= q.since
        order by m."createdAt" desc, m.id desc
        limit ${HIT_CAP})
    ),
    -- A punctuated query ("c++", "split(") puts the hits holding it as typed first; only then are the hits'
    -- contents read.
    marked as (
      select hit.*, case when ${literal}::boolean
          then coalesce((select hot.search_fold(m.content) like hot.search_fold(${like}) from hot.message m
            where m.id = hit.id), false)
          else false end as literal
      from hit
    ),
    ranked as (
      select marked.*, row_number() over (
          partition by marked.chat order by marked.literal desc, marked.exact desc, marked."createdAt" desc) as n
      from marked
    ),
    -- The page first; message contents are read for its rows only (and for a punctuated query's hits above).
    -- Titles come by how well they match: the query as written in them, then all its words, then the nearest
    -- by trigrams ("bulk chat number 12" puts "…number 12" before "…number 37"), newest first among equals;
    -- messages holding a punctuated query as written before the others.
    found as (
      select 0 as kind, c.id as chat, null::bigint as message, c."updatedAt" as date, true as exact,
        (hot.search_fold(c.title) like hot.search_fold(${like}))::int * 2
          + (to_tsvector('simple', hot.search_text(c.title)) @@ q.exact)::int
          + word_similarity(${raw}, c.title) as quality
      from q cross join hot.chat c
      where c."user" = ${userId}
        and c."updatedAt" >= q.since
        and (c.title ilike ${like} or ${raw} <% c.title
          or to_tsvector('simple', hot.search_text(c.title)) @@ q.fuzzy)
      union all
      select 1, r.chat, r.id, r."createdAt", r.exact, r.literal::int from ranked r where r.n <= ${MESSAGES_PER_CHAT}
      order by kind, quality desc, exact desc, date desc, message desc, chat desc
      limit ${limit + 1} offset ${offset}
    )
    select f.chat as "chatId", c."assistantId", a.label as assistant, c.title, c.model,
      f.message as "messageId", coalesce(m.content, c.title) as text, f.date,
      (select coalesce(jsonb_agg(alt.alt), '[]'::jsonb) from alt) as alternatives
    from found f
      join hot.chat c on c.id = f.chat and c."user" = ${userId}
      left join hot.message m on m.id = f.message
      left join hot.assistant a on a.id = c."assistantId"
    order by f.kind, f.quality desc, f.exact desc, f.date desc, f.message desc, f.chat desc`);
  const first = result.rows[0] as Raw | undefined;
  const alternatives = Array.isArray(first?.alternatives) ? (first.alternatives as string[]) : [];
  return { rows: result.rows.map((r) => toRow(r as Raw)), alternatives };
}
