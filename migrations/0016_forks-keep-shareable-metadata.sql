-- hand-written, data only: forks of someone else's share made before `shareableMetadata`
-- (src/domain/chat/sharing.ts) copied the owner's private metadata — usage, generation id, documents (file
-- names, pages, attachment ids), Midjourney task ids — into the forker's messages. Their copies now keep only
-- what the share showed, as forks made since do (the same allow-list, in SQL); a branch of one's own chat
-- keeps everything, and so does whatever the forker wrote after forking.
--
-- How a fork is known: "forkedMessagesIds" lists the messages it copied, and each copy keeps its source's
-- "createdAt", so a fork's copies are its messages not newer than the fork itself. A fork of someone else's
-- share copied messages of another user's chat. A branch of such a fork carries the same foreign copies:
-- the copies it made of them (not newer than that fork) are stripped too, and so on down. A fork whose copied
-- messages are all gone (their chat deleted) names no origin any more and is left as it is: it may as well be
-- a branch of one's own chat, whose data this must not destroy.
--
-- Pictures: an old fork of a share copied them under the forker's own keys, so the kept ones are the forker's
-- (`/api/files/generated/{forker}/…`, as `imageKeyOf` and `isOwnGeneratedKey` read them), each as
-- { url, mimeType }, without Midjourney's upscale choices. Running it again changes nothing.
WITH RECURSIVE "copied" AS (
  SELECT "id" AS "fork", "user", "createdAt", unnest("forkedMessagesIds") AS "source"
  FROM "hot"."chat"
  WHERE cardinality("forkedMessagesIds") > 0
),
"foreign_copies" ("chat", "upTo") AS (
  SELECT "copied"."fork", "copied"."createdAt"
  FROM "copied"
  JOIN "hot"."message" AS "source" ON "source"."id" = "copied"."source"
  JOIN "hot"."chat" AS "origin" ON "origin"."id" = "source"."chat"
  WHERE "origin"."user" <> "copied"."user"
  UNION
  SELECT "copied"."fork", "tainted"."upTo"
  FROM "foreign_copies" AS "tainted"
  JOIN "hot"."message" AS "source"
    ON "source"."chat" = "tainted"."chat" AND "source"."createdAt" <= "tainted"."upTo"
  JOIN "copied" ON "copied"."source" = "source"."id"
),
"shown" AS (
  SELECT
    "m"."id",
    jsonb_build_object('role', CASE WHEN "m"."metadata"->>'role' = 'user' THEN 'user' ELSE 'assistant' END)
    || CASE WHEN jsonb_typeof("m"."metadata"->'done') = 'boolean'
         THEN jsonb_build_object('done', "m"."metadata"->'done') ELSE '{}' END
    || CASE WHEN "m"."metadata"->'outcome' NOT IN ('null', 'false', '0', '""')
         THEN jsonb_build_object('outcome', "m"."metadata"->'outcome') ELSE '{}' END
    || CASE WHEN jsonb_typeof("m"."metadata"->'reasoning') = 'string' AND "m"."metadata"->>'reasoning' <> ''
         THEN jsonb_build_object('reasoning', "m"."metadata"->'reasoning') ELSE '{}' END
    || CASE WHEN jsonb_typeof("m"."metadata"->'search') = 'object' THEN jsonb_build_object('search',
         (SELECT coalesce(jsonb_object_agg("key", "value"), '{}')
            FROM jsonb_each("m"."metadata"->'search') WHERE "key" = 'status')
         || jsonb_build_object('sources', coalesce((
           SELECT jsonb_agg(
             (SELECT coalesce(jsonb_object_agg("key", "value"), '{}')
                FROM jsonb_each("item") WHERE "key" IN ('url', 'title'))
             ORDER BY "n")
           FROM jsonb_array_elements(CASE WHEN jsonb_typeof("m"."metadata"->'search'->'sources') = 'array'
             THEN "m"."metadata"->'search'->'sources' ELSE '[]' END) WITH ORDINALITY AS "s" ("item", "n")
           WHERE jsonb_typeof("item") = 'object'), '[]')))
       ELSE '{}' END
    || CASE WHEN jsonb_typeof("m"."metadata"->'error') = 'object' THEN jsonb_build_object('error',
         (SELECT coalesce(jsonb_object_agg("key", "value"), '{}')
            FROM jsonb_each("m"."metadata"->'error') WHERE "key" IN ('code', 'provider', 'retryAfter')))
       ELSE '{}' END
    || coalesce((
         SELECT jsonb_build_object('images', jsonb_agg(
           jsonb_build_object('url', "image"->'url')
           || CASE WHEN "image" ? 'mimeType' THEN jsonb_build_object('mimeType', "image"->'mimeType') ELSE '{}' END
           ORDER BY "n"))
         FROM jsonb_array_elements(CASE WHEN jsonb_typeof("m"."metadata"->'images') = 'array'
           THEN "m"."metadata"->'images' ELSE '[]' END) WITH ORDINALITY AS "i" ("image", "n")
         WHERE jsonb_typeof("image"->'url') = 'string'
           AND starts_with("image"->>'url', '/api/files/generated/' || "c"."user" || '/')
           AND "image"->>'url' !~ '%|//|/$|(^|/)\.\.(/|$)'
         HAVING count(*) > 0), '{}')
    AS "metadata"
  FROM (SELECT "chat", max("upTo") AS "upTo" FROM "foreign_copies" GROUP BY "chat") AS "fork"
  JOIN "hot"."chat" AS "c" ON "c"."id" = "fork"."chat"
  JOIN "hot"."message" AS "m" ON "m"."chat" = "fork"."chat" AND "m"."createdAt" <= "fork"."upTo"
)
UPDATE "hot"."message" SET "metadata" = "shown"."metadata"
FROM "shown"
WHERE "message"."id" = "shown"."id" AND "message"."metadata" <> "shown"."metadata";
