DROP INDEX "hot"."message_created_idx";--> statement-breakpoint
ALTER TABLE "hot"."message" ADD COLUMN "user" bigint;--> statement-breakpoint
CREATE INDEX "message_user_created_idx" ON "hot"."message" USING btree ("user","createdAt","id");--> statement-breakpoint
-- hand-written: the search trigger also copies the chat's owner onto the message, and existing messages get theirs.
CREATE OR REPLACE FUNCTION "hot"."message_search_refresh"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  written tsvector := to_tsvector('simple', NEW."content");
  chat_owner bigint;
  owner_lang text;
BEGIN
  SELECT c."user", p."lang" INTO chat_owner, owner_lang
    FROM hot.chat c LEFT JOIN hot.user_preferences p ON p."userId" = c."user" WHERE c."id" = NEW."chat";
  NEW."user" := chat_owner;
  NEW."search" := written || to_tsvector(hot.search_config(owner_lang), NEW."content");
  INSERT INTO hot.search_word ("word")
    SELECT lexeme FROM unnest(written) WHERE length(lexeme) BETWEEN 4 AND 32 AND lexeme !~ '[0-9_/.@]'
    ORDER BY lexeme
    ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$$;--> statement-breakpoint
-- A message moved to another chat takes that chat's owner (and language) with it.
DROP TRIGGER "message_search_refresh" ON "hot"."message";--> statement-breakpoint
CREATE TRIGGER "message_search_refresh" BEFORE INSERT OR UPDATE OF "content", "chat" ON "hot"."message"
  FOR EACH ROW EXECUTE FUNCTION "hot"."message_search_refresh"();--> statement-breakpoint
-- Messages written before this migration (a plain UPDATE of "user" fires no trigger: nothing else is rewritten).
UPDATE "hot"."message" m SET "user" = c."user" FROM "hot"."chat" c WHERE c."id" = m."chat";
