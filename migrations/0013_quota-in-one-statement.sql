-- hand-written: the quota gate of a request as one statement (one round trip instead of a transaction of seven).
-- Called by src/db/quota.ts, which passes every rule as data (per-seat limits by amount code, the fair-usage
-- rates), so the rules stay declared once in src/domain. The owner's user row is locked first; each statement
-- after it takes a fresh snapshot (READ COMMITTED in a volatile function), so it sees every request the lock
-- made it wait for, and at a limit exactly one more gets through. A refused request records nothing.
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

  INSERT INTO hot.usage ("userId", model, category, "requestedAt", "apiKeyId")
  VALUES (p_user, p_model, p_category, p_now, p_api_key);
  used := used + 1;
  outcome := 'ok';
END
$$;
