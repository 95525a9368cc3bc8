-- A batch of transfers decided and written inside the database (decision 007, One statement a
-- batch). The service used to lock the accounts in one statement, decide each transfer in
-- Node and write the accepted ones in a second statement: four round trips a batch with BEGIN
-- and COMMIT, while the hot house account's row stayed locked. One call now does it all, and
-- outside a caller's transaction it is its own transaction: one round trip, one commit.
--
-- The caller hands over the transfers as parallel arrays, already checked for shape (two to 16
-- entries summing to zero, no account twice, amounts in range) and with no idempotency key twice
-- in one call. Entries are flattened: transfer i owns entries p_first[i] to
-- p_first[i] + p_count[i] - 1, and each entry names its account by its place (p_slot) in
-- p_account_ids, which holds every account of the call once, in ascending id order: the one
-- lock order every poster uses, so posters wait for each other and never deadlock.
--
-- One row per transfer answers it (r_ord is its place, from 1):
--   'posted'  r_id is the new transfer, r_balances each entry's balance after it;
--   'stored'  the key was posted before with the same request hash: r_stored is that transfer;
--   'IDEMPOTENCY_KEY_REUSED', 'ACCOUNT_FROZEN', 'INSUFFICIENT_BALANCE', 'NO_SUCH_ACCOUNT',
--   'BALANCE_OUT_OF_RANGE'  refused, nothing written for it.
-- and, when anything was posted, one row per member account of the call ('account', r_ord
-- null, r_id the account), for the caller's balance events and caches.
-- Decisions follow the order given, each against the balances the ones before it left, entry
-- by entry: an account missing or of another merchant, a debit from a frozen account, a member
-- account going below zero, a balance beyond 2^62, in that order, refuse the transfer.
CREATE FUNCTION ledger_post(
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
      balance_after_minor)
    SELECT p_merchant[n.ord], n.id, p_account_ids[p_slot[j]], p_amount[j], e_after[j]
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

-- An entry names its transfer and its account on the same merchant. Foreign keys checked that
-- row by row, two lookups an entry each through a query of its own, and made up half the time
-- of writing a batch. Neither side is ever deleted (the append-only triggers), so what the keys
-- still did is checked here, once a statement, with the balance: one index probe for each
-- transfer and each account the statement names (a batch's hot house account once, not once an
-- entry). The probes are scalar subqueries: a join could be planned as a scan of the ledger.
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_transfer_id_merchant_id_fkey;
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_account_id_merchant_id_fkey;
-- A transfer's merchant is its accounts' merchant, checked below, and accounts reference
-- merchants: the transfer's own key to merchants only repeated that, a lookup a transfer.
ALTER TABLE ledger_transfers DROP CONSTRAINT ledger_transfers_merchant_id_fkey;
-- Room on every page for a balance's new row version beside the old one: the update stays on
-- its page and leaves the account's four indexes alone (a HOT update).
ALTER TABLE ledger_accounts SET (fillfactor = 70);

CREATE OR REPLACE FUNCTION ledger_entries_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad bigint;
BEGIN
  SELECT transfer_id INTO bad FROM inserted
    GROUP BY transfer_id HAVING sum(amount_minor) <> 0 OR count(*) < 2 LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger transfer % is unbalanced', bad USING ERRCODE = 'check_violation';
  END IF;
  SELECT p.transfer_id INTO bad
    FROM (SELECT DISTINCT transfer_id, merchant_id FROM inserted) AS p
    WHERE (SELECT true FROM ledger_transfers t
           WHERE t.id = p.transfer_id AND t.merchant_id = p.merchant_id) IS NULL
    LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger entries name transfer % off their merchant', bad
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  SELECT p.account_id INTO bad
    FROM (SELECT DISTINCT account_id, merchant_id FROM inserted) AS p
    WHERE (SELECT true FROM ledger_accounts a
           WHERE a.id = p.account_id AND a.merchant_id = p.merchant_id) IS NULL
    LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger entries name account % off their merchant', bad
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END
$$;
