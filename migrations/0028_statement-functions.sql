-- Written by scripts/db/statement-functions.ts: the hottest statements as functions, whose plans Postgres keeps
-- for the connection (src/db/statement-functions.ts). Each body is the statement's text, unchanged.
-- a text send opening a chat in an assistant, for a user
CREATE OR REPLACE FUNCTION "hot"."stmt_m47jjo9xzp"(bigint, bigint, text, text, boolean, timestamp with time zone, integer, jsonb, integer, bigint, jsonb, bigint, character varying, text, jsonb, jsonb, character varying, boolean, bigint, bigint, bigint)
RETURNS TABLE("quota" jsonb, "updated" jsonb, "messages" jsonb, "chat" jsonb, "preprompt" text, "recent" jsonb, "files" jsonb) LANGUAGE plpgsql VOLATILE AS $stmt$
#variable_conflict use_column
BEGIN
  RETURN QUERY with 
    c as (select null::bigint as id, a.id as "assistantId", a."userId" as "user" from "hot"."assistant" a
    where a.id = $1 and a."userId" = $2::bigint),
    q as materialized (select r.* from c, lateral hot.reserve_usage(
    c."user", $3, $4, $5, $6::timestamptz,
    $7::integer, $8::jsonb, $9::integer,
    $10::bigint, $11::jsonb) r),
    taken as (delete from "hot"."chat_reservation"
      where "hot"."chat_reservation"."userId" = $12::bigint and (select outcome from q) = 'ok'
      returning "hot"."chat_reservation"."chatId" as id),
    target as (insert into "hot"."chat" (id, "user", "assistantId", model)
          select coalesce((select id from taken), nextval(pg_get_serial_sequence('hot.chat', 'id'))), c."user", c."assistantId", $13 from c
          where (select outcome from q) = 'ok'
          returning *),
    ins as (
      insert into "hot"."message" (chat, content, metadata, model)
      select target.id, v.content, v.metadata, v.model
      from target cross join (values
        (1, $14, $15::jsonb, null::varchar),
        (2, '', $16::jsonb, $17::varchar)
      ) as v(n, content, metadata, model)
      where v.n = 2 or $18
      order by v.n
      returning *)
    select (select to_jsonb(q) from q) as quota, (select to_jsonb(target) from target) as updated,
      (select jsonb_agg(to_jsonb(ins) - 'search' order by ins.id) from ins) as messages,
      
      (select to_jsonb(c) from c) as chat,
      (select a.preprompt from "hot"."assistant" a join c on a.id = c."assistantId" where a."userId" = $19::bigint)
        as preprompt,
      (select jsonb_agg(to_jsonb(m) - 'search' order by m.id) from (
        select "hot"."message".* from "hot"."message" join c on "hot"."message"."chat" = c.id
        order by "hot"."message"."id" desc limit $20) m) as recent,
      (select jsonb_agg(to_jsonb(f) order by f."createdAt", f.id) from "hot"."attachment" f
        where f."userId" = $21::bigint and (false
          or f."messageId" in (select "hot"."message"."id" from "hot"."message" join c on "hot"."message"."chat" = c.id)
          or f."assistantId" = (select c."assistantId" from c))) as files;
END
$stmt$;--> statement-breakpoint
-- a send opening a chat (the default assistant's or another's), for a user
CREATE OR REPLACE FUNCTION "hot"."stmt_2aty6u6ztj8"(bigint, text, text, boolean, timestamp with time zone, integer, jsonb, integer, bigint, jsonb, bigint, bigint, bigint, character varying, text, jsonb, jsonb, character varying, boolean)
RETURNS TABLE("quota" jsonb, "chat" jsonb, "messages" jsonb) LANGUAGE plpgsql VOLATILE AS $stmt$
#variable_conflict use_column
BEGIN
  RETURN QUERY with 
    q as materialized (select r.* from (select $1::bigint as id) v, lateral hot.reserve_usage(
    v.id, $2, $3, $4, $5::timestamptz,
    $6::integer, $7::jsonb, $8::integer,
    $9::bigint, $10::jsonb) r),
    taken as (delete from "hot"."chat_reservation"
      where "hot"."chat_reservation"."userId" = $11::bigint and (select outcome from q) = 'ok'
      returning "hot"."chat_reservation"."chatId" as id),
    target as (insert into "hot"."chat" (id, "user", "assistantId", model)
          select coalesce((select id from taken), nextval(pg_get_serial_sequence('hot.chat', 'id'))), $12::bigint, $13, $14 from q
          where q.outcome = 'ok'
          returning *),
    ins as (
      insert into "hot"."message" (chat, content, metadata, model)
      select target.id, v.content, v.metadata, v.model
      from target cross join (values
        (1, $15, $16::jsonb, null::varchar),
        (2, '', $17::jsonb, $18::varchar)
      ) as v(n, content, metadata, model)
      where v.n = 2 or $19
      order by v.n
      returning *)
    select (select to_jsonb(q) from q) as quota, (select to_jsonb(target) from target) as chat,
      (select jsonb_agg(to_jsonb(ins) - 'search' order by ins.id) from ins) as messages;
END
$stmt$;--> statement-breakpoint
-- a text send opening a chat in an assistant, for a session it checks
CREATE OR REPLACE FUNCTION "hot"."stmt_1l1jsth0w3u"(text, timestamp with time zone, timestamp with time zone, boolean, boolean, timestamp with time zone, bigint, text, text, boolean, timestamp with time zone, integer, jsonb, integer, bigint, jsonb, character varying, text, jsonb, jsonb, character varying, boolean, bigint)
RETURNS TABLE("quota" jsonb, "updated" jsonb, "messages" jsonb, "chat" jsonb, "preprompt" text, "recent" jsonb, "files" jsonb, "session" jsonb) LANGUAGE plpgsql VOLATILE AS $stmt$
#variable_conflict use_column
BEGIN
  RETURN QUERY with s as materialized (
        select "hot"."user"."id" as "id", "hot"."user"."email" as "email", "hot"."user"."verified" as "verified", "hot"."session"."createdAt" as "createdAt", "hot"."session"."expiresAt" as "expiresAt", "hot"."session"."lastUsedAt" as "lastUsedAt"
        from "hot"."session" inner join "hot"."user" on "hot"."user"."id" = "hot"."session"."userId"
        where ("hot"."session"."id" = $1 and "hot"."session"."expiresAt" > $2 and "hot"."session"."createdAt" > $3 and "hot"."user"."deleted" = $4 and ("hot"."user"."verified" = $5 or "hot"."user"."createdAt" > $6))
        limit 1),
    c as (select null::bigint as id, a.id as "assistantId", a."userId" as "user" from "hot"."assistant" a
    where a.id = $7 and a."userId" = (select s.id from s where s.verified)),
    q as materialized (select r.* from c, lateral hot.reserve_usage(
    c."user", $8, $9, $10, $11::timestamptz,
    $12::integer, $13::jsonb, $14::integer,
    $15::bigint, $16::jsonb) r),
    taken as (delete from "hot"."chat_reservation"
      where "hot"."chat_reservation"."userId" = (select s.id from s where s.verified) and (select outcome from q) = 'ok'
      returning "hot"."chat_reservation"."chatId" as id),
    target as (insert into "hot"."chat" (id, "user", "assistantId", model)
          select coalesce((select id from taken), nextval(pg_get_serial_sequence('hot.chat', 'id'))), c."user", c."assistantId", $17 from c
          where (select outcome from q) = 'ok'
          returning *),
    ins as (
      insert into "hot"."message" (chat, content, metadata, model)
      select target.id, v.content, v.metadata, v.model
      from target cross join (values
        (1, $18, $19::jsonb, null::varchar),
        (2, '', $20::jsonb, $21::varchar)
      ) as v(n, content, metadata, model)
      where v.n = 2 or $22
      order by v.n
      returning *)
    select (select to_jsonb(q) from q) as quota, (select to_jsonb(target) from target) as updated,
      (select jsonb_agg(to_jsonb(ins) - 'search' order by ins.id) from ins) as messages,
      
      (select to_jsonb(c) from c) as chat,
      (select a.preprompt from "hot"."assistant" a join c on a.id = c."assistantId" where a."userId" = (select s.id from s where s.verified))
        as preprompt,
      (select jsonb_agg(to_jsonb(m) - 'search' order by m.id) from (
        select "hot"."message".* from "hot"."message" join c on "hot"."message"."chat" = c.id
        order by "hot"."message"."id" desc limit $23) m) as recent,
      (select jsonb_agg(to_jsonb(f) order by f."createdAt", f.id) from "hot"."attachment" f
        where f."userId" = (select s.id from s where s.verified) and (false
          or f."messageId" in (select "hot"."message"."id" from "hot"."message" join c on "hot"."message"."chat" = c.id)
          or f."assistantId" = (select c."assistantId" from c))) as files, (select to_jsonb(s) from s) as session;
END
$stmt$;--> statement-breakpoint
-- a send opening a chat (the default assistant's or another's), for a session it checks
CREATE OR REPLACE FUNCTION "hot"."stmt_ijndwkbn4q"(text, timestamp with time zone, timestamp with time zone, boolean, boolean, timestamp with time zone, text, text, boolean, timestamp with time zone, integer, jsonb, integer, bigint, jsonb, bigint, character varying, text, jsonb, jsonb, character varying, boolean)
RETURNS TABLE("quota" jsonb, "chat" jsonb, "messages" jsonb, "session" jsonb) LANGUAGE plpgsql VOLATILE AS $stmt$
#variable_conflict use_column
BEGIN
  RETURN QUERY with s as materialized (
        select "hot"."user"."id" as "id", "hot"."user"."email" as "email", "hot"."user"."verified" as "verified", "hot"."session"."createdAt" as "createdAt", "hot"."session"."expiresAt" as "expiresAt", "hot"."session"."lastUsedAt" as "lastUsedAt"
        from "hot"."session" inner join "hot"."user" on "hot"."user"."id" = "hot"."session"."userId"
        where ("hot"."session"."id" = $1 and "hot"."session"."expiresAt" > $2 and "hot"."session"."createdAt" > $3 and "hot"."user"."deleted" = $4 and ("hot"."user"."verified" = $5 or "hot"."user"."createdAt" > $6))
        limit 1),
    q as materialized (select r.* from (select s.id from s where s.verified) v, lateral hot.reserve_usage(
    v.id, $7, $8, $9, $10::timestamptz,
    $11::integer, $12::jsonb, $13::integer,
    $14::bigint, $15::jsonb) r),
    taken as (delete from "hot"."chat_reservation"
      where "hot"."chat_reservation"."userId" = (select s.id from s where s.verified) and (select outcome from q) = 'ok'
      returning "hot"."chat_reservation"."chatId" as id),
    target as (insert into "hot"."chat" (id, "user", "assistantId", model)
          select coalesce((select id from taken), nextval(pg_get_serial_sequence('hot.chat', 'id'))), (select s.id from s where s.verified), $16, $17 from q
          where q.outcome = 'ok'
          returning *),
    ins as (
      insert into "hot"."message" (chat, content, metadata, model)
      select target.id, v.content, v.metadata, v.model
      from target cross join (values
        (1, $18, $19::jsonb, null::varchar),
        (2, '', $20::jsonb, $21::varchar)
      ) as v(n, content, metadata, model)
      where v.n = 2 or $22
      order by v.n
      returning *)
    select (select to_jsonb(q) from q) as quota, (select to_jsonb(target) from target) as chat,
      (select jsonb_agg(to_jsonb(ins) - 'search' order by ins.id) from ins) as messages, (select to_jsonb(s) from s) as session;
END
$stmt$;
