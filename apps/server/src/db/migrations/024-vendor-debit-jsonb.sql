-- The debit batch's write takes one jsonb batch instead of 34 positional arrays (issue 20). The
-- service (vendor-wallet.service.ts) decides every debit; this function writes what it decided,
-- in one statement that is its own transaction, as migration 023's did:
--   1. locks the rounds the debits were judged on (those that were open), in round order, the
--      order every writer of rounds locks them in before the ledger's accounts, and fails with
--      serialization_failure if one has closed since: the service reads and judges again;
--   2. posts the bets through ledger_post, the ledger's own function and the only writer of
--      its tables, with the arguments the ledger module prepared (batch.ledger). Under its row
--      locks ledger_post refuses a bet the balance cannot pay or a frozen account; its rows say
--      which, and the service answers them. A bet whose key another transaction posted
--      meanwhile fails the call with serialization_failure;
--   3. for each bet the ledger took: opens its round or adds to the open one, records the vendor
--      transaction, and fills its result with the transfer id and the member's balance after
--      it (the fields batch.fill names, as the service's result carries them);
--   4. stores the answers: those decided before as given, and each taken bet's success
--      envelope with its filled result as the batch.fill.value field.
-- A round another transaction opened since it was read, for another player or game or already
-- closed, refuses the bet's upsert: serialization_failure, judged again. A key another
-- transaction took fails it with unique_violation: judged again, the debit finds that answer.
-- Returns ledger_post's rows, for the ledger module to turn into outcomes and balance events.
--
-- batch: {
--   ledger: {merchant, type, reference, key, hash, first, count, account_ids, slot, amount:
--     arrays as ledger_post takes them (int8 as text), posted_at},
--   open_rounds: [{merchant_id, vendor_code, round_id}],
--   bets: [{merchant_id, vendor_code, round_id, member_id, game_code, wallet, play_money,
--     amount_minor, transaction_id, fingerprint, member_entry, result}] in the ledger's order,
--     member_entry the member's entry in its transfer, from 1,
--   answers: [{merchant_id, vendor_code, idempotency_key, request_hash, status_code, response,
--     bet}], bet the place (from 1) of the bet whose result completes the answer, or null,
--   fill: {transfer_id, balance, value}: the result's and the envelope's field names }
DROP FUNCTION vendor_debit_post(integer[], text[], text[], text[], text[], integer[], integer[],
  bigint[], integer[], bigint[], timestamptz, integer[], text[], text[], integer[], text[],
  text[], bigint[], text[], text[], boolean[], bigint[], text[], text[], integer[], jsonb[],
  integer[], text[], text[], text[], smallint[], jsonb[], integer[], text[]);

CREATE FUNCTION vendor_debit_post(batch jsonb) RETURNS TABLE (
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
  ledger jsonb := batch->'ledger';
  posted_at timestamptz := (batch->'ledger'->>'posted_at')::timestamptz;
  member_entries integer[] := ARRAY(
    SELECT (b.bet->>'member_entry')::integer
    FROM jsonb_array_elements(batch->'bets') WITH ORDINALITY AS b (bet, ord) ORDER BY b.ord);
  bets integer := jsonb_array_length(batch->'bets');
  transfer_ids bigint[] := array_fill(NULL::bigint, ARRAY[bets]);
  balances bigint[] := array_fill(NULL::bigint, ARRAY[bets]);
  taken integer := 0;
  closed integer;
  written integer;
  posted record;
BEGIN
  -- One probe a round, in round order (LATERAL keeps the nested loop, so the locks follow it).
  SELECT count(*) FILTER (WHERE r.status <> 'open') INTO closed
    FROM (SELECT (o->>'merchant_id')::integer AS merchant_id, o->>'vendor_code' AS vendor_code,
            o->>'round_id' AS round_id
          FROM jsonb_array_elements(batch->'open_rounds') AS o
          ORDER BY 1, 2, 3) AS k,
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
      SELECT * FROM ledger_post(
        ARRAY(SELECT e::integer FROM jsonb_array_elements_text(ledger->'merchant')
              WITH ORDINALITY AS a (e, i) ORDER BY i),
        ARRAY(SELECT e FROM jsonb_array_elements_text(ledger->'type')
              WITH ORDINALITY AS a (e, i) ORDER BY i),
        ARRAY(SELECT e FROM jsonb_array_elements_text(ledger->'reference')
              WITH ORDINALITY AS a (e, i) ORDER BY i),
        ARRAY(SELECT e FROM jsonb_array_elements_text(ledger->'key')
              WITH ORDINALITY AS a (e, i) ORDER BY i),
        ARRAY(SELECT e FROM jsonb_array_elements_text(ledger->'hash')
              WITH ORDINALITY AS a (e, i) ORDER BY i),
        ARRAY(SELECT e::integer FROM jsonb_array_elements_text(ledger->'first')
              WITH ORDINALITY AS a (e, i) ORDER BY i),
        ARRAY(SELECT e::integer FROM jsonb_array_elements_text(ledger->'count')
              WITH ORDINALITY AS a (e, i) ORDER BY i),
        ARRAY(SELECT e::bigint FROM jsonb_array_elements_text(ledger->'account_ids')
              WITH ORDINALITY AS a (e, i) ORDER BY i),
        ARRAY(SELECT e::integer FROM jsonb_array_elements_text(ledger->'slot')
              WITH ORDINALITY AS a (e, i) ORDER BY i),
        ARRAY(SELECT e::bigint FROM jsonb_array_elements_text(ledger->'amount')
              WITH ORDINALITY AS a (e, i) ORDER BY i),
        posted_at)
    LOOP
      IF posted.r_outcome = 'posted' THEN
        transfer_ids[posted.r_ord] := posted.r_id;
        balances[posted.r_ord] := posted.r_balances[member_entries[posted.r_ord]]::bigint;
        taken := taken + 1;
      ELSIF posted.r_outcome IN ('stored', 'IDEMPOTENCY_KEY_REUSED') THEN
        RAISE EXCEPTION 'bet % was posted by another transaction since it was read',
          ledger->'key'->>(posted.r_ord - 1) USING ERRCODE = 'serialization_failure';
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
    SELECT (b.bet->>'merchant_id')::integer AS merchant_id, b.bet->>'vendor_code' AS vendor_code,
      b.bet->>'round_id' AS round_id, (b.bet->>'member_id')::bigint AS member_id,
      b.bet->>'game_code' AS game_code, b.bet->>'wallet' AS wallet,
      (b.bet->>'play_money')::boolean AS play_money,
      (b.bet->>'amount_minor')::bigint AS amount_minor,
      b.bet->>'transaction_id' AS transaction_id, b.bet->>'fingerprint' AS fingerprint,
      b.ord::integer AS ord, transfer_ids[b.ord] AS transfer_id,
      (b.bet->'result') || jsonb_build_object(batch->'fill'->>'transfer_id',
        transfer_ids[b.ord]::text, batch->'fill'->>'balance', balances[b.ord]::text) AS filled
    FROM jsonb_array_elements(batch->'bets') WITH ORDINALITY AS b (bet, ord)
    WHERE transfer_ids[b.ord] IS NOT NULL
  ), rounds AS (
    INSERT INTO vendor_rounds AS r (merchant_id, vendor_code, round_id, member_id, game_code,
      wallet, play_money, status, debit_minor, opened_at, updated_at)
    SELECT merchant_id, vendor_code, round_id, member_id, game_code, wallet, play_money,
      'open', amount_minor, posted_at, posted_at
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
      b.member_id, b.amount_minor, NULL, b.fingerprint, b.transfer_id, b.filled, posted_at
    FROM taken_bets b
    JOIN rounds r ON r.merchant_id = b.merchant_id AND r.vendor_code = b.vendor_code
      AND r.round_id = b.round_id
  ), answered AS (
    INSERT INTO vendor_requests (merchant_id, vendor_code, idempotency_key, request_hash,
      status_code, response, created_at)
    SELECT (a.answer->>'merchant_id')::integer, a.answer->>'vendor_code',
      a.answer->>'idempotency_key', a.answer->>'request_hash',
      (a.answer->>'status_code')::smallint,
      CASE WHEN a.answer->'bet' = 'null'::jsonb THEN a.answer->'response'
        ELSE (a.answer->'response') || jsonb_build_object(batch->'fill'->>'value', b.filled)
      END,
      posted_at
    FROM jsonb_array_elements(batch->'answers') AS a (answer)
    LEFT JOIN taken_bets b ON b.ord = (a.answer->>'bet')::integer
    WHERE a.answer->'bet' = 'null'::jsonb OR b.ord IS NOT NULL
  )
  SELECT count(*) INTO written FROM rounds;
  IF written < taken THEN
    RAISE EXCEPTION 'a round of the debit batch was opened since it was read and refuses its bet'
      USING ERRCODE = 'serialization_failure';
  END IF;
END
$$;
