import type { Db } from '../../db/client.ts';
import type {
  NewTransaction,
  RoundRow,
  StoredAnswer,
  TransactionRow,
  VendorScope,
} from './vendor-wallet.repository.ts';

/**
 * The batch forms of a debit's statements (vendor-debits.service.ts): each takes every debit
 * of a batch in one round trip, arrays in, one row per debit out.
 */

export type DebitKeys = VendorScope & {
  idempotencyKey: string;
  transactionId: string;
  roundId: string;
};

export type DebitState = {
  answer: StoredAnswer | null;
  prior: TransactionRow | null;
  round: RoundRow | null;
};

// int8 columns as text inside the JSON: a JS number cannot hold every int8.
const ROUND_JSON = `json_build_object('id', v.id::text, 'round_id', v.round_id,
  'member_id', v.member_id::text, 'game_code', v.game_code, 'wallet', v.wallet,
  'play_money', v.play_money, 'status', v.status, 'debit_minor', v.debit_minor::text,
  'credit_minor', v.credit_minor::text, 'rollback_minor', v.rollback_minor::text)`;

/**
 * For each debit, in the order given: the answer stored under its idempotency key, the
 * transaction already recorded under its id, and its round, row-locked to the end of the
 * transaction (in the order given, so callers sort by round to lock in one order).
 */
export const findDebitStates = async (
  db: Db,
  debits: readonly DebitKeys[],
): Promise<DebitState[]> => {
  const rows = await db.query<{ ord: string } & DebitState>(
    `SELECT k.ord::text,
       CASE WHEN a.idempotency_key IS NULL THEN NULL ELSE json_build_object(
         'request_hash', a.request_hash, 'status_code', a.status_code, 'response', a.response)
       END AS answer,
       CASE WHEN t.transaction_id IS NULL THEN NULL ELSE json_build_object(
         'transaction_id', t.transaction_id, 'kind', t.kind, 'state', t.state,
         'round_ref', t.round_ref::text, 'member_id', t.member_id::text,
         'amount_minor', t.amount_minor::text, 'request_hash', t.request_hash,
         'result', t.result)
       END AS prior,
       r.round
     FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[]) WITH ORDINALITY
       AS k (merchant_id, vendor_code, idempotency_key, transaction_id, round_id, ord)
     LEFT JOIN vendor_requests a ON a.merchant_id = k.merchant_id
       AND a.vendor_code = k.vendor_code AND a.idempotency_key = k.idempotency_key
     LEFT JOIN vendor_transactions t ON t.merchant_id = k.merchant_id
       AND t.vendor_code = k.vendor_code AND t.transaction_id = k.transaction_id
     LEFT JOIN LATERAL (
       SELECT ${ROUND_JSON} AS round FROM vendor_rounds v
       WHERE v.merchant_id = k.merchant_id AND v.vendor_code = k.vendor_code
         AND v.round_id = k.round_id
       FOR UPDATE
     ) r ON true
     ORDER BY k.ord`,
    [
      debits.map((debit) => debit.merchantId),
      debits.map((debit) => debit.vendorCode),
      debits.map((debit) => debit.idempotencyKey),
      debits.map((debit) => debit.transactionId),
      debits.map((debit) => debit.roundId),
    ],
  );
  return rows.map((row) => ({ answer: row.answer, prior: row.prior, round: row.round }));
};

export type RoundDebit = VendorScope & {
  roundId: string;
  memberId: number;
  gameCode: string;
  wallet: 'main' | 'vendor';
  playMoney: boolean;
  amountMinor: bigint;
};

/** One string per round: round ids are unique per merchant and vendor. */
export const roundKeyOf = (scope: VendorScope, roundId: string): string =>
  `${scope.merchantId}\n${scope.vendorCode}\n${roundId}`;

export type NewAnswer = VendorScope & {
  idempotencyKey: string;
  requestHash: string;
  statusCode: number;
  response: unknown;
  at: Date;
};

const textOrNull = (value: bigint | number | null): string | null =>
  value === null ? null : String(value);

/** A debit's transaction record, naming its round by the vendor's id: the batch opens it. */
export type DebitRecord = NewTransaction & { roundId: string };

/**
 * Opens each round with its bet, or adds the bet to the open round of the same player and
 * game (one bet per round); records the transaction ids the debits used, each with its round;
 * and stores every answer: one statement. A key another transaction took meanwhile (an
 * idempotency key, a transaction id) fails it. A round another transaction opened since it was
 * read and that refuses the bet is missing from the rounds returned, and so are its records:
 * the caller must then roll the whole batch back. Returns the `roundKeyOf` of each round written.
 */
export const writeDebitBatch = async (
  db: Db,
  batch: {
    rounds: readonly RoundDebit[];
    records: readonly DebitRecord[];
    answers: readonly NewAnswer[];
    at: Date;
  },
): Promise<Set<string>> => {
  const { rounds, records, answers, at } = batch;
  const rows = await db.query<{ merchant_id: number; vendor_code: string; round_id: string }>(
    `WITH rounds AS (
       INSERT INTO vendor_rounds AS r (merchant_id, vendor_code, round_id, member_id, game_code,
         wallet, play_money, status, debit_minor, opened_at, updated_at)
       SELECT merchant_id, vendor_code, round_id, member_id, game_code, wallet, play_money,
         'open', debit_minor, $9, $9
       FROM unnest($1::int[], $2::text[], $3::text[], $4::bigint[], $5::text[], $6::text[],
         $7::boolean[], $8::bigint[])
         AS k (merchant_id, vendor_code, round_id, member_id, game_code, wallet, play_money,
           debit_minor)
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
       SELECT t.merchant_id, t.vendor_code, t.transaction_id, t.kind, t.state, r.id,
         t.member_id, t.amount_minor, t.reference_id, t.request_hash, t.ledger_transfer_id,
         t.result::jsonb, t.created_at
       FROM unnest($10::int[], $11::text[], $12::text[], $13::text[], $14::text[],
         $15::text[], $16::bigint[], $17::bigint[], $18::text[], $19::text[], $20::bigint[],
         $21::text[], $22::timestamptz[])
         AS t (merchant_id, vendor_code, transaction_id, kind, state, round_id, member_id,
           amount_minor, reference_id, request_hash, ledger_transfer_id, result, created_at)
       JOIN rounds r ON r.merchant_id = t.merchant_id AND r.vendor_code = t.vendor_code
         AND r.round_id = t.round_id
     ), answered AS (
       INSERT INTO vendor_requests (merchant_id, vendor_code, idempotency_key, request_hash,
         status_code, response, created_at)
       SELECT merchant_id, vendor_code, idempotency_key, request_hash, status_code,
         response::jsonb, created_at
       FROM unnest($23::int[], $24::text[], $25::text[], $26::text[], $27::smallint[],
         $28::text[], $29::timestamptz[])
         AS a (merchant_id, vendor_code, idempotency_key, request_hash, status_code, response,
           created_at)
     )
     SELECT merchant_id, vendor_code, round_id FROM rounds`,
    [
      rounds.map((round) => round.merchantId),
      rounds.map((round) => round.vendorCode),
      rounds.map((round) => round.roundId),
      rounds.map((round) => String(round.memberId)),
      rounds.map((round) => round.gameCode),
      rounds.map((round) => round.wallet),
      rounds.map((round) => String(round.playMoney)),
      rounds.map((round) => round.amountMinor.toString()),
      at,
      records.map((row) => row.merchantId),
      records.map((row) => row.vendorCode),
      records.map((row) => row.transactionId),
      records.map((row) => row.kind),
      records.map((row) => row.state),
      records.map((row) => row.roundId),
      records.map((row) => textOrNull(row.memberId)),
      records.map((row) => textOrNull(row.amountMinor)),
      records.map((row) => row.referenceId),
      records.map((row) => row.requestHash),
      records.map((row) => textOrNull(row.ledgerTransferId)),
      records.map((row) => JSON.stringify(row.result)),
      records.map((row) => row.at.toISOString()),
      answers.map((answer) => answer.merchantId),
      answers.map((answer) => answer.vendorCode),
      answers.map((answer) => answer.idempotencyKey),
      answers.map((answer) => answer.requestHash),
      answers.map((answer) => answer.statusCode),
      answers.map((answer) => JSON.stringify(answer.response)),
      answers.map((answer) => answer.at.toISOString()),
    ],
  );
  return new Set(
    rows.map((row) =>
      roundKeyOf({ merchantId: row.merchant_id, vendorCode: row.vendor_code }, row.round_id),
    ),
  );
};
