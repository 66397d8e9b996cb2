-- Written by scripts/db/statement-functions.ts: the hottest statements as functions, whose plans Postgres keeps
-- for the connection (src/db/statement-functions.ts). Each body is the statement's text, unchanged.
-- a public API call's key and quota
CREATE OR REPLACE FUNCTION "hot"."stmt_1ggt122cy4p"(timestamp with time zone, text, boolean, boolean, text, text, boolean, timestamp with time zone, integer, jsonb, integer, jsonb)
RETURNS TABLE("key_id" bigint, "key_user" bigint, "key_hash" character varying, "outcome" text, "amount" integer, "ok" boolean, "used" integer, "quota" integer, "retry_after" integer) LANGUAGE plpgsql VOLATILE AS $stmt$
#variable_conflict use_column
BEGIN
  RETURN QUERY with k as materialized (
      update "hot"."api_key" set "lastUsedAt" = $1::timestamptz
      from "hot"."user"
      where ("hot"."api_key"."hash" = $2 and "hot"."user"."id" = "hot"."api_key"."userId" and "hot"."user"."deleted" = $3 and "hot"."user"."verified" = $4)
      returning "hot"."api_key"."id" as key_id, "hot"."api_key"."userId" as key_user, "hot"."api_key"."hash" as key_hash)
    select k.key_id, k.key_user, k.key_hash, r.*
    from k cross join lateral hot.reserve_usage(
    k.key_user, $5, $6, $7, $8::timestamptz,
    $9::integer, $10::jsonb, $11::integer,
    k.key_id, $12::jsonb) r;
END
$stmt$;
