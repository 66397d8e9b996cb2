-- hand-written: quick search finds words joined by punctuation. PostgreSQL's parser keeps "input.split" (a host
-- name to it), "foo_bar.baz", "/usr/bin/env", "-1" or "v1.2.3" as single lexemes, while a query is split into
-- letters and digits (src/domain/search.ts queryWords), so "split(", "input.split" or "usr" found nothing. A
-- message is now indexed split the way a query is: every run of punctuation becomes a space first, so
-- "input.split(" is 'input' 'split' at adjacent positions (a query's joined words match next to each other).
-- The class is spelled out, so that it is the same whatever the database's locale: ASCII punctuation, and the
-- punctuation, symbols and non-decimal numbers beyond ASCII that a C-locale database's parser takes for letters
-- (“quotes”, l’apostrophe, dashes, the no-break space, ², ½, ①, arrows, currency, CJK punctuation, emoji…).
-- Letters and decimal digits are never in it: they are what a query's words are made of.
CREATE FUNCTION "hot"."search_text"(content text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(content,
    '[\u0021-\u002f\u003a-\u0040\u005b-\u0060\u007b-\u007e\u00a0-\u00a9\u00ab-\u00b4\u00b6-\u00b9\u00bb-\u00bf\u00d7\u00f7\u2000-\u2070\u2074-\u207e\u2080-\u208e\u20a0-\u20cf\u2150-\u2182\u2185-\u218b\u2190-\u2bff\u3000-\u3004\u3007-\u3029\u3030\u3036-\u303a\u303d-\u303f\ufe00-\ufe0f\ufe30-\ufe4f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65\U0001f000-\U0001faff]+',
    ' ', 'g')
$$;--> statement-breakpoint
-- The trigger of 0014, both halves (as written, and stemmed in the owner's language) read from that text.
CREATE OR REPLACE FUNCTION "hot"."message_search_refresh"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  words text := hot.search_text(NEW."content");
  written tsvector := to_tsvector('simple', words);
  chat_owner bigint;
  owner_lang text;
BEGIN
  SELECT c."user", p."lang" INTO chat_owner, owner_lang
    FROM hot.chat c LEFT JOIN hot.user_preferences p ON p."userId" = c."user" WHERE c."id" = NEW."chat";
  NEW."user" := chat_owner;
  NEW."search" := written || to_tsvector(hot.search_config(owner_lang), words);
  INSERT INTO hot.search_word ("word")
    SELECT lexeme FROM unnest(written) WHERE length(lexeme) BETWEEN 4 AND 32 AND lexeme !~ '[0-9_/.@]'
    ORDER BY lexeme
    ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$$;--> statement-breakpoint
-- Messages written before this migration are indexed again (the trigger runs for each).
UPDATE "hot"."message" SET "content" = "content";
