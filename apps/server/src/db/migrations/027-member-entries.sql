-- Records at any history size (issue 30 item 1; decision 016). The account record pages a
-- member's entries newest first, filtered by type and by date. Type and date live on the
-- transfer and the member on the account, so a page walked the whole ledger backwards and
-- threw away every entry of someone else. Each entry now carries its account's member, its
-- transfer's type and its transfer's time, written with it, so two indexes serve every page:
-- the member's entries in time order, and the member's entries of one type in time order.
ALTER TABLE ledger_entries
  ADD COLUMN member_id bigint,
  ADD COLUMN type text,
  ADD COLUMN created_at timestamptz;

-- The copies are part of the row as written, so filling them in for history is not an edit of
-- it: the append-only trigger steps aside for this one statement of the migration only.
ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_append_only;
UPDATE ledger_entries e
SET member_id = a.member_id, type = t.type, created_at = t.created_at
FROM ledger_accounts a, ledger_transfers t
WHERE a.id = e.account_id AND t.id = e.transfer_id;
ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_append_only;

-- ledger_post writes the copies itself (no lookup). Any other insert (a test's raw entries, a
-- bench's generated history) gets them from its transfer and account here, so an entry never
-- disagrees with them; the trigger's condition keeps ledger_post's inserts off it.
-- An entry whose transfer or account is missing or of another merchant is refused here with
-- the words of ledger_entries_balanced, which would refuse it at the end of the statement.
CREATE FUNCTION ledger_entries_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT t.type, t.created_at INTO NEW.type, NEW.created_at
    FROM ledger_transfers t WHERE t.id = NEW.transfer_id AND t.merchant_id = NEW.merchant_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'ledger entries name transfer % off their merchant', NEW.transfer_id
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  SELECT a.member_id INTO NEW.member_id
    FROM ledger_accounts a WHERE a.id = NEW.account_id AND a.merchant_id = NEW.merchant_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'ledger entries name account % off their merchant', NEW.account_id
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER ledger_entries_fill BEFORE INSERT ON ledger_entries
  FOR EACH ROW WHEN (NEW.type IS NULL OR NEW.created_at IS NULL)
  EXECUTE FUNCTION ledger_entries_fill();

ALTER TABLE ledger_entries
  ALTER COLUMN type SET NOT NULL,
  ALTER COLUMN created_at SET NOT NULL;

-- House entries (every bet's other side) are never listed to a member: partial indexes leave
-- them out, half the ledger.
CREATE INDEX ledger_entries_member_time ON ledger_entries (member_id, created_at, id)
  WHERE member_id IS NOT NULL;
CREATE INDEX ledger_entries_member_type_time ON ledger_entries (member_id, type, created_at, id)
  WHERE member_id IS NOT NULL;

-- ledger_post as in migration 021, writing the entry's member, type and time.
CREATE OR REPLACE FUNCTION ledger_post(
  p_merchant integer[],
  p_type text[],
  p_reference text[],
  p_key text[],
  p_hash text[],
  p_first integer[],
  p_count integer[],
  p_account_ids bigint[],
  p_slot integer[],
  p_amount bigint[],
  p_posted_at timestamptz
) RETURNS TABLE (
  r_ord integer,
  r_outcome text,
  r_id bigint,
  r_balances text[],
  r_stored json,
  r_merchant_id integer,
  r_member_id bigint,
  r_kind text,
  r_vendor_code text
) LANGUAGE plpgsql
-- Planned once per connection: re-planning the writing statement on every call (PostgreSQL
-- keeps custom plans when a generic one looks costlier) took 0.4 ms of a one-transfer call's
-- 1.1 ms. Every statement here looks rows up by key, so the generic plans are the right ones.
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  transfers integer := cardinality(p_key);
  a_ids bigint[];
  a_merchant integer[];
  a_member_id bigint[];
  a_kind text[];
  a_vendor_code text[];
  a_frozen boolean[];
  a_balance bigint[];
  a_before bigint[];
  e_after bigint[] := p_amount;
  settled boolean[] := array_fill(false, ARRAY[transfers]);
  accepted boolean[] := array_fill(false, ARRAY[transfers]);
  any_accepted boolean := false;
  refusal text;
  after bigint;
  slot integer;
  found_row record;
BEGIN
  SELECT array_agg(l.id), array_agg(l.merchant_id), array_agg(l.member_id), array_agg(l.kind),
      array_agg(l.vendor_code), array_agg(l.frozen), array_agg(l.balance_minor)
    INTO a_ids, a_merchant, a_member_id, a_kind, a_vendor_code, a_frozen, a_balance
    FROM (SELECT id, merchant_id, member_id, kind, vendor_code, frozen, balance_minor
          FROM ledger_accounts WHERE id = ANY (p_account_ids) ORDER BY id FOR UPDATE) AS l;
  IF a_ids IS DISTINCT FROM p_account_ids THEN
    -- An account that does not exist (a caller's bug), or rows aggregated in another order than
    -- they were locked in: line the rows up with the slots explicitly, leaving missing ones
    -- null, so only the transfers that name them are refused.
    SELECT array_agg(a.id ORDER BY u.slot), array_agg(a.merchant_id ORDER BY u.slot),
        array_agg(a.member_id ORDER BY u.slot), array_agg(a.kind ORDER BY u.slot),
        array_agg(a.vendor_code ORDER BY u.slot), array_agg(a.frozen ORDER BY u.slot),
        array_agg(a.balance_minor ORDER BY u.slot)
      INTO a_ids, a_merchant, a_member_id, a_kind, a_vendor_code, a_frozen, a_balance
      FROM unnest(p_account_ids) WITH ORDINALITY AS u (id, slot)
      LEFT JOIN ledger_accounts a ON a.id = u.id;
  END IF;
  a_before := a_balance;

  -- Keys read after the locks: a post that committed while this one waited is seen here. One
  -- index probe a key (LATERAL ... LIMIT 1 cannot become a hash join over the whole table, as a
  -- join was planned on a table whose statistics lagged behind its growth). The stored answer
  -- is built apart, for the keys found only: inside this statement its subquery made the
  -- planner expect a cost that switched on JIT compilation, 8 ms on every call.
  FOR found_row IN
    SELECT k.ord::integer AS ord, t.id, t.request_hash
    FROM unnest(p_merchant, p_key) WITH ORDINALITY AS k (merchant_id, idempotency_key, ord),
      LATERAL (SELECT id, request_hash FROM ledger_transfers
               WHERE merchant_id = k.merchant_id AND idempotency_key = k.idempotency_key
               LIMIT 1) AS t
  LOOP
    settled[found_row.ord] := true;
    r_ord := found_row.ord;
    IF found_row.request_hash = p_hash[found_row.ord] THEN
      r_outcome := 'stored';
      r_id := found_row.id;
      SELECT json_build_object('id', t.id::text, 'merchant_id', t.merchant_id, 'type', t.type,
          'reference', t.reference, 'idempotency_key', t.idempotency_key,
          'request_hash', t.request_hash, 'created_at', t.created_at,
          'entries', (SELECT json_agg(json_build_object('a', e.account_id::text,
              'm', e.amount_minor::text, 'b', e.balance_after_minor::text) ORDER BY e.id)
            FROM ledger_entries e WHERE e.transfer_id = t.id))
        INTO r_stored
        FROM ledger_transfers t WHERE t.id = found_row.id;
    ELSE
      r_outcome := 'IDEMPOTENCY_KEY_REUSED';
      r_id := NULL;
      r_stored := NULL;
    END IF;
    RETURN NEXT;
  END LOOP;
  r_id := NULL;
  r_stored := NULL;

  FOR i IN 1 .. transfers LOOP
    CONTINUE WHEN settled[i];
    refusal := NULL;
    FOR j IN p_first[i] .. p_first[i] + p_count[i] - 1 LOOP
      slot := p_slot[j];
      IF a_merchant[slot] IS DISTINCT FROM p_merchant[i] THEN
        refusal := 'NO_SUCH_ACCOUNT';
      ELSIF p_amount[j] < 0 AND a_frozen[slot] THEN
        refusal := 'ACCOUNT_FROZEN';
      ELSE
        after := a_balance[slot] + p_amount[j];
        IF after < 0 AND a_member_id[slot] IS NOT NULL THEN
          refusal := 'INSUFFICIENT_BALANCE';
        -- 2^62, far inside bigint: a balance that gets here is a bug, not business.
        ELSIF abs(after) > 4611686018427387904 THEN
          refusal := 'BALANCE_OUT_OF_RANGE';
        END IF;
      END IF;
      EXIT WHEN refusal IS NOT NULL;
      e_after[j] := after;
    END LOOP;
    IF refusal IS NULL THEN
      FOR j IN p_first[i] .. p_first[i] + p_count[i] - 1 LOOP
        a_balance[p_slot[j]] := e_after[j];
      END LOOP;
      accepted[i] := true;
      any_accepted := true;
    ELSE
      r_ord := i;
      r_outcome := refusal;
      RETURN NEXT;
    END IF;
  END LOOP;
  IF NOT any_accepted THEN
    RETURN;
  END IF;

  -- Entries go in in the order given, so an account's entries carry increasing ids along its
  -- balance history.
  RETURN QUERY
  WITH written AS (
    INSERT INTO ledger_transfers (merchant_id, type, reference, idempotency_key, request_hash,
      created_at)
    SELECT t.merchant_id, t.type, t.reference, t.idempotency_key, t.request_hash, p_posted_at
    FROM unnest(p_merchant, p_type, p_reference, p_key, p_hash, accepted) WITH ORDINALITY
      AS t (merchant_id, type, reference, idempotency_key, request_hash, ok, ord)
    WHERE t.ok
    ORDER BY t.ord
    RETURNING id, merchant_id, idempotency_key
  ), numbered AS (
    SELECT w.id, k.ord::integer AS ord
    FROM written w
    JOIN unnest(p_merchant, p_key) WITH ORDINALITY AS k (merchant_id, idempotency_key, ord)
      ON k.merchant_id = w.merchant_id AND k.idempotency_key = w.idempotency_key
  ), entries AS (
    INSERT INTO ledger_entries (merchant_id, transfer_id, account_id, amount_minor,
      balance_after_minor, member_id, type, created_at)
    SELECT p_merchant[n.ord], n.id, p_account_ids[p_slot[j]], p_amount[j], e_after[j],
      a_member_id[p_slot[j]], p_type[n.ord], p_posted_at
    FROM numbered n,
      LATERAL generate_series(p_first[n.ord], p_first[n.ord] + p_count[n.ord] - 1) AS j
    ORDER BY j
  ), balances AS (
    UPDATE ledger_accounts a SET balance_minor = b.balance
    FROM unnest(a_ids, a_balance, a_before) AS b (id, balance, before)
    WHERE a.id = b.id AND b.balance <> b.before
  )
  SELECT n.ord, 'posted', n.id,
    e_after[p_first[n.ord] : p_first[n.ord] + p_count[n.ord] - 1]::text[],
    NULL::json, NULL::integer, NULL::bigint, NULL::text, NULL::text
  FROM numbered n
  UNION ALL
  SELECT NULL, 'account', u.id, NULL, NULL, u.merchant_id, u.member_id, u.kind, u.vendor_code
  FROM unnest(a_ids, a_merchant, a_member_id, a_kind, a_vendor_code)
    AS u (id, merchant_id, member_id, kind, vendor_code)
  WHERE u.member_id IS NOT NULL;
END
$$;
