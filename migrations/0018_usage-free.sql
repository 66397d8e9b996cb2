-- drizzle-kit: the usage row says whether its request was a free model's (SPEC §3: gpt-5-mini, flux-schnell).
ALTER TABLE "hot"."usage" ADD COLUMN "free" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- hand-written: free models' requests were counted in the plan's quota of their category (60 flux-schnell
-- pictures used up a Starter plan's paid pictures). The rows of the last 30 days (the longest quota window) made
-- with a free model are marked as such: FREE_MODEL_KEYS of src/domain/models/defaults.ts as this was written,
-- the same keys the requests were let through as free with.
UPDATE "hot"."usage" SET "free" = true
WHERE "model" IN ('gpt-5-mini', 'flux-schnell') AND "requestedAt" > now() - interval '30 days';
--> statement-breakpoint
-- The quota gate (0013) as before, except that a free request is recorded as free, still meets the fair-usage
-- rate (which counts every request), and is never counted against the plan's limit.
CREATE OR REPLACE FUNCTION hot.reserve_usage(
  p_user bigint,
  p_model text,
  p_category text,
  p_free boolean,
  p_now timestamptz,
  p_window_seconds integer,
  p_limits jsonb,
  p_other_limit integer,
  p_api_key bigint,
  p_rates jsonb,
  OUT outcome text,
  OUT amount integer,
  OUT ok boolean,
  OUT used integer,
  OUT quota integer,
  OUT retry_after integer
) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  own hot.subscription%ROWTYPE;
  src hot.subscription%ROWTYPE;
  owner_id bigint;
  oldest timestamptz;
  rate jsonb;
  leaving timestamptz;
  wait integer;
BEGIN
  SELECT * INTO own FROM hot.subscription s WHERE s."userId" = p_user LIMIT 1;
  -- A team member's requests count in the admin's pool, under the admin's lock.
  owner_id := CASE WHEN own."adminUserId" IS NOT NULL AND own."adminUserId" <> own."userId"
    THEN own."adminUserId" ELSE p_user END;
  PERFORM 1 FROM hot."user" u WHERE u.id = owner_id FOR UPDATE;

  IF owner_id = p_user THEN
    SELECT * INTO src FROM hot.subscription s WHERE s."userId" = p_user LIMIT 1;
  ELSE
    SELECT * INTO src FROM hot.subscription s WHERE s."userId" = owner_id LIMIT 1;
  END IF;
  IF NOT FOUND THEN
    outcome := 'no_plan';
    RETURN;
  END IF;
  amount := src.amount;
  ok := src.ok;
  IF NOT src.ok THEN
    outcome := 'no_plan';
    RETURN;
  END IF;

  quota := coalesce((p_limits ->> src.amount::text)::integer, p_other_limit) * greatest(1, src.quantity);
  SELECT count(*)::integer, min(g."requestedAt") INTO used, oldest
  FROM hot.usage g
  WHERE g.category = p_category
    AND NOT g.free
    AND g."requestedAt" > p_now - make_interval(secs => p_window_seconds)
    AND (g."userId" = p_user OR g."userId" IN (
      SELECT s."userId" FROM hot.subscription s WHERE s."userId" = owner_id OR s."adminUserId" = owner_id));
  IF NOT p_free AND used >= quota THEN
    outcome := 'quota';
    retry_after := greatest(1, ceil(extract(epoch FROM
      coalesce(oldest, p_now) + make_interval(secs => p_window_seconds) - p_now))::integer);
    RETURN;
  END IF;

  -- The fair-usage rate: a window of length W with limit L is full when it holds L of the subject's requests,
  -- and frees a place when the L-th newest is W seconds old (src/domain/fair-usage.ts says the same).
  FOR rate IN SELECT * FROM jsonb_array_elements(p_rates) LOOP
    SELECT g."requestedAt" INTO leaving
    FROM hot.usage g
    WHERE (CASE WHEN p_api_key IS NOT NULL THEN g."apiKeyId" = p_api_key
                ELSE g."userId" = p_user AND g."apiKeyId" IS NULL END)
      AND g."requestedAt" > p_now - make_interval(secs => (rate ->> 'windowSeconds')::integer)
    ORDER BY g."requestedAt" DESC
    OFFSET (rate ->> 'limit')::integer - 1 LIMIT 1;
    IF FOUND THEN
      wait := greatest(1, ceil(extract(epoch FROM
        leaving + make_interval(secs => (rate ->> 'windowSeconds')::integer) - p_now))::integer);
      retry_after := greatest(coalesce(retry_after, 0), wait);
    END IF;
  END LOOP;
  IF retry_after IS NOT NULL THEN
    outcome := 'fair_usage';
    RETURN;
  END IF;

  INSERT INTO hot.usage ("userId", model, category, "requestedAt", "apiKeyId", free)
  VALUES (p_user, p_model, p_category, p_now, p_api_key, p_free);
  IF NOT p_free THEN
    used := used + 1;
  END IF;
  outcome := 'ok';
END
$$;
