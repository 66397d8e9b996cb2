CREATE TABLE "hot"."search_word" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "hot"."message_content_search_idx";--> statement-breakpoint
ALTER TABLE "hot"."message" ADD COLUMN "search" "tsvector";--> statement-breakpoint
CREATE INDEX "message_search_idx" ON "hot"."message" USING gin ("search");--> statement-breakpoint
CREATE INDEX "message_created_idx" ON "hot"."message" USING btree ("createdAt");--> statement-breakpoint
-- hand-written: pg_trgm, the trigram indexes, and the trigger that keeps quick search current in the database.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- Typos are looked up among words (short rows, nearest first), never scanned across whole messages.
CREATE INDEX "search_word_trgm_idx" ON "hot"."search_word" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "chat_title_trgm_idx" ON "hot"."chat" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
-- The owner's interface language picks the stemmer; Polish and Catalan have none in PostgreSQL 15.
CREATE FUNCTION "hot"."search_config"(lang text) RETURNS regconfig
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (CASE coalesce(lang, 'en')
    WHEN 'en' THEN 'english' WHEN 'fr' THEN 'french' WHEN 'it' THEN 'italian' WHEN 'es' THEN 'spanish'
    WHEN 'de' THEN 'german' WHEN 'pt' THEN 'portuguese' WHEN 'ro' THEN 'romanian' ELSE 'simple' END)::regconfig
$$;--> statement-breakpoint
-- Stemmed words in the owner's language plus every word as written ('simple'), so "ran" finds "running" in
-- English while code, names and other languages still match exactly. New words join hot.search_word, in
-- sorted order so two messages adding the same words wait for each other instead of deadlocking.
CREATE FUNCTION "hot"."message_search_refresh"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  written tsvector := to_tsvector('simple', NEW."content");
BEGIN
  NEW."search" := written || to_tsvector(hot.search_config((
    SELECT p."lang" FROM hot.chat c LEFT JOIN hot.user_preferences p ON p."userId" = c."user" WHERE c."id" = NEW."chat"
  )), NEW."content");
  INSERT INTO hot.search_word ("word")
    SELECT lexeme FROM unnest(written) WHERE length(lexeme) BETWEEN 4 AND 32 AND lexeme !~ '[0-9_/.@]'
    ORDER BY lexeme
    ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "message_search_refresh" BEFORE INSERT OR UPDATE OF "content" ON "hot"."message"
  FOR EACH ROW EXECUTE FUNCTION "hot"."message_search_refresh"();--> statement-breakpoint
-- Messages written before this migration.
UPDATE "hot"."message" SET "content" = "content";
