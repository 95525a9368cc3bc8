-- A batch of vendor debits written in one statement, its own transaction (decision 007, Two
-- hops a debit batch). The service reads each debit's stored answer, transaction and round
-- without locks, side by side with the player checks, and judges every debit in Node; this
-- function then does the rest in one round trip and one commit, where a transaction used to
-- take six (BEGIN, the locked reads, the ledger, the writes, COMMIT):
--   1. locks the rounds the debits were judged on (those that were open), in round order, the
--      order every writer of rounds locks them in before the ledger's accounts, and fails with
--      serialization_failure if one has closed since: the service reads and judges again;
--   2. posts the bets through ledger_post, the ledger's own function and the only writer of
--      its tables, with the arguments the ledger module prepared; a bet whose key another
--      transaction posted meanwhile fails the call with serialization_failure too;
--   3. for each bet the ledger took: opens its round or adds to the open one, records the
--      vendor transaction, and fills its result with the transfer id and the member's balance
--      after it (the fields p_fill names, as the service's result carries them);
--   4. stores the answers: those judged before (replays of a prior transaction, refusals of
--      the rules) as given, and each taken bet's success envelope with its filled result as
--      the p_fill[3] field. A bet the ledger refused gets no answer here: the service stores
--      its refusal next.
-- A round that another transaction opened since it was read, for another player or game or
-- already closed, refuses the bet's upsert: the call fails with serialization_failure and the
-- service judges again. A key another transaction took (an idempotency key, a transaction id)
-- fails it with unique_violation: judged again, the debit finds that answer.
-- Returns ledger_post's rows, for the ledger module to turn into outcomes and balance events.
CREATE FUNCTION vendor_debit_post(
  -- ledger_post's arguments, one transfer a bet; l_posted_at stamps every row written here
  l_merchant integer[],
  l_type text[],
  l_reference text[],
  l_key text[],
  l_hash text[],
  l_first integer[],
  l_count integer[],
  l_account_ids bigint[],
  l_slot integer[],
  l_amount bigint[],
  l_posted_at timestamptz,
  -- the rounds judged open
  k_merchant integer[],
  k_vendor text[],
  k_round text[],
  -- the bets, in the ledger's order; b_member_entry is the member's entry in its transfer
  b_merchant integer[],
  b_vendor text[],
  b_round text[],
  b_member bigint[],
  b_game text[],
  b_wallet text[],
  b_play boolean[],
  b_amount bigint[],
  b_transaction text[],
  b_fingerprint text[],
  b_member_entry integer[],
  b_result jsonb[],
  -- the answers; a_bet is the place (from 1) of the bet whose result completes the answer
  a_merchant integer[],
  a_vendor text[],
  a_key text[],
  a_hash text[],
  a_status smallint[],
  a_response jsonb[],
  a_bet integer[],
  -- the result's transfer id and balance fields, and the envelope's value field
  p_fill text[]
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
-- As ledger_post: every statement looks rows up by key, so plans are made once a connection.
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  bets integer := cardinality(b_round);
  transfer_ids bigint[] := array_fill(NULL::bigint, ARRAY[bets]);
  balances bigint[] := array_fill(NULL::bigint, ARRAY[bets]);
  taken integer := 0;
  closed integer;
  written integer;
  posted record;
BEGIN
  -- One probe a round, in round order (LATERAL keeps the nested loop, so the locks follow it).
  SELECT count(*) FILTER (WHERE r.status <> 'open') INTO closed
    FROM (SELECT * FROM unnest(k_merchant, k_vendor, k_round) AS u (merchant_id, vendor_code,
            round_id)
          ORDER BY merchant_id, vendor_code, round_id) AS k,
      LATERAL (SELECT v.status FROM vendor_rounds v
               WHERE v.merchant_id = k.merchant_id AND v.vendor_code = k.vendor_code
                 AND v.round_id = k.round_id
               FOR UPDATE) AS r;
  IF closed > 0 THEN
    RAISE EXCEPTION 'a round of the debit batch closed since it was read'
      USING ERRCODE = 'serialization_failure';
  END IF;

  IF bets > 0 THEN
    FOR posted IN
      SELECT * FROM ledger_post(l_merchant, l_type, l_reference, l_key, l_hash, l_first,
        l_count, l_account_ids, l_slot, l_amount, l_posted_at)
    LOOP
      IF posted.r_outcome = 'posted' THEN
        transfer_ids[posted.r_ord] := posted.r_id;
        balances[posted.r_ord] := posted.r_balances[b_member_entry[posted.r_ord]]::bigint;
        taken := taken + 1;
      ELSIF posted.r_outcome IN ('stored', 'IDEMPOTENCY_KEY_REUSED') THEN
        RAISE EXCEPTION 'bet % was posted by another transaction since it was read',
          l_key[posted.r_ord] USING ERRCODE = 'serialization_failure';
      END IF;
      r_ord := posted.r_ord;
      r_outcome := posted.r_outcome;
      r_id := posted.r_id;
      r_balances := posted.r_balances;
      r_stored := posted.r_stored;
      r_merchant_id := posted.r_merchant_id;
      r_member_id := posted.r_member_id;
      r_kind := posted.r_kind;
      r_vendor_code := posted.r_vendor_code;
      RETURN NEXT;
    END LOOP;
  END IF;

  WITH taken_bets AS (
    SELECT b.*, transfer_ids[b.ord] AS transfer_id,
      b.result || jsonb_build_object(p_fill[1], transfer_ids[b.ord]::text,
        p_fill[2], balances[b.ord]::text) AS filled
    FROM unnest(b_merchant, b_vendor, b_round, b_member, b_game, b_wallet, b_play, b_amount,
        b_transaction, b_fingerprint, b_result) WITH ORDINALITY
      AS b (merchant_id, vendor_code, round_id, member_id, game_code, wallet, play_money,
        amount_minor, transaction_id, fingerprint, result, ord)
    WHERE transfer_ids[b.ord] IS NOT NULL
  ), rounds AS (
    INSERT INTO vendor_rounds AS r (merchant_id, vendor_code, round_id, member_id, game_code,
      wallet, play_money, status, debit_minor, opened_at, updated_at)
    SELECT merchant_id, vendor_code, round_id, member_id, game_code, wallet, play_money,
      'open', amount_minor, l_posted_at, l_posted_at
    FROM taken_bets
    ON CONFLICT (merchant_id, vendor_code, round_id) DO UPDATE
      SET debit_minor = r.debit_minor + excluded.debit_minor,
        updated_at = excluded.updated_at
      WHERE r.member_id = excluded.member_id AND r.game_code = excluded.game_code
        AND r.status = 'open'
    RETURNING merchant_id, vendor_code, id, round_id
  ), recorded AS (
    INSERT INTO vendor_transactions (merchant_id, vendor_code, transaction_id, kind, state,
      round_ref, member_id, amount_minor, reference_id, request_hash, ledger_transfer_id,
      result, created_at)
    SELECT b.merchant_id, b.vendor_code, b.transaction_id, 'debit', 'applied', r.id,
      b.member_id, b.amount_minor, NULL, b.fingerprint, b.transfer_id, b.filled, l_posted_at
    FROM taken_bets b
    JOIN rounds r ON r.merchant_id = b.merchant_id AND r.vendor_code = b.vendor_code
      AND r.round_id = b.round_id
  ), answered AS (
    INSERT INTO vendor_requests (merchant_id, vendor_code, idempotency_key, request_hash,
      status_code, response, created_at)
    SELECT a.merchant_id, a.vendor_code, a.idempotency_key, a.request_hash, a.status_code,
      CASE WHEN a.bet IS NULL THEN a.response
        ELSE a.response || jsonb_build_object(p_fill[3], b.filled) END,
      l_posted_at
    FROM unnest(a_merchant, a_vendor, a_key, a_hash, a_status, a_response, a_bet)
      AS a (merchant_id, vendor_code, idempotency_key, request_hash, status_code, response, bet)
    LEFT JOIN taken_bets b ON b.ord = a.bet
    WHERE a.bet IS NULL OR b.ord IS NOT NULL
  )
  SELECT count(*) INTO written FROM rounds;
  IF written < taken THEN
    RAISE EXCEPTION 'a round of the debit batch was opened since it was read and refuses its bet'
      USING ERRCODE = 'serialization_failure';
  END IF;
END
$$;
