import type { Db } from '../../db/client.ts';
import type { LedgerPosting, LedgerPostRow } from '../ledger/index.ts';
import type {
  RoundRow,
  StoredAnswer,
  TransactionRow,
  VendorScope,
} from './vendor-wallet.repository.ts';

/**
 * The batch forms of a debit's statements (vendor-debits.service.ts): each takes every debit
 * of a batch in one round trip, arrays in.
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
 * transaction already recorded under its id, and its round, as committed. Nothing is locked:
 * `postDebitBatch` locks the rounds judged open and fails if one has closed since.
 */
export const findDebitStates = async (
  db: Db,
  debits: readonly DebitKeys[],
): Promise<DebitState[]> => {
  const rows = await db.query<{ ord: string } & DebitState>(
    // Scalar subqueries, one index probe each: as joins, the planner weighed their orders on
    // every call, 0.2 to 0.5 ms of planning against 0.03 ms of execution.
    `SELECT k.ord::text,
       (SELECT json_build_object('request_hash', a.request_hash,
            'status_code', a.status_code, 'response', a.response)
          FROM vendor_requests a
          WHERE a.merchant_id = k.merchant_id AND a.vendor_code = k.vendor_code
            AND a.idempotency_key = k.idempotency_key) AS answer,
       (SELECT json_build_object('transaction_id', t.transaction_id, 'kind', t.kind,
            'state', t.state, 'round_ref', t.round_ref::text, 'member_id', t.member_id::text,
            'amount_minor', t.amount_minor::text, 'request_hash', t.request_hash,
            'result', t.result)
          FROM vendor_transactions t
          WHERE t.merchant_id = k.merchant_id AND t.vendor_code = k.vendor_code
            AND t.transaction_id = k.transaction_id) AS prior,
       (SELECT ${ROUND_JSON} FROM vendor_rounds v
          WHERE v.merchant_id = k.merchant_id AND v.vendor_code = k.vendor_code
            AND v.round_id = k.round_id) AS round
     FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[]) WITH ORDINALITY
       AS k (merchant_id, vendor_code, idempotency_key, transaction_id, round_id, ord)
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

export type NewAnswer = VendorScope & {
  idempotencyKey: string;
  requestHash: string;
  statusCode: number;
  response: unknown;
};

/** The arrays of answers' columns, in the order of vendor_requests. */
const answerColumns = (answers: readonly NewAnswer[]) => [
  answers.map((answer) => answer.merchantId),
  answers.map((answer) => answer.vendorCode),
  answers.map((answer) => answer.idempotencyKey),
  answers.map((answer) => answer.requestHash),
  answers.map((answer) => answer.statusCode),
  answers.map((answer) => JSON.stringify(answer.response)),
];

/** A bet for `postDebitBatch`: its round, its transaction record and its result so far. */
export type BetWrite = VendorScope & {
  roundId: string;
  memberId: number;
  gameCode: string;
  wallet: 'main' | 'vendor';
  playMoney: boolean;
  amountMinor: bigint;
  transactionId: string;
  fingerprint: string;
  /** The member's entry in the bet's transfer, from 0: its balance after is the bet's. */
  memberEntry: number;
  /** The result without its transfer id and balance, which the database fills in. */
  result: unknown;
};

/** An answer for `postDebitBatch`; with `bet`, the envelope whose value is that bet's result. */
export type AnswerWrite = NewAnswer & { bet: number | null };

/** Where the database puts a result's transfer id and balance, and the result in its envelope. */
export type ResultFields = { transferId: string; balance: string; value: string };

const POST_DEBIT_BATCH = `SELECT * FROM vendor_debit_post(${Array.from(
  { length: 34 },
  (_, index) => `$${index + 1}`,
).join(', ')})`;

/**
 * Writes a batch of debits in one statement, its own transaction (`vendor_debit_post`,
 * migration 023): locks `openRounds`, posts the bets through the ledger (`posting`, one
 * transfer a bet in the same order), then opens or adds to each taken bet's round, records its
 * transaction and stores `answers`, each bet's completed with its filled result. A bet the
 * ledger refuses writes nothing. Fails with serialization_failure when a round or a bet's key
 * changed since it was read, and on a unique key another transaction took: read and judge
 * again. Returns `ledger_post`'s rows, for `posting.settle`.
 */
export const postDebitBatch = (
  db: Db,
  batch: {
    posting: LedgerPosting;
    openRounds: readonly (VendorScope & { roundId: string })[];
    bets: readonly BetWrite[];
    answers: readonly AnswerWrite[];
    fields: ResultFields;
  },
): Promise<LedgerPostRow[]> => {
  const { posting, openRounds, bets, answers, fields } = batch;
  return db.query<LedgerPostRow>(POST_DEBIT_BATCH, [
    ...posting.args,
    openRounds.map((round) => round.merchantId),
    openRounds.map((round) => round.vendorCode),
    openRounds.map((round) => round.roundId),
    bets.map((bet) => bet.merchantId),
    bets.map((bet) => bet.vendorCode),
    bets.map((bet) => bet.roundId),
    bets.map((bet) => String(bet.memberId)),
    bets.map((bet) => bet.gameCode),
    bets.map((bet) => bet.wallet),
    bets.map((bet) => String(bet.playMoney)),
    bets.map((bet) => bet.amountMinor.toString()),
    bets.map((bet) => bet.transactionId),
    bets.map((bet) => bet.fingerprint),
    bets.map((bet) => bet.memberEntry + 1),
    bets.map((bet) => JSON.stringify(bet.result)),
    ...answerColumns(answers),
    answers.map((answer) => (answer.bet === null ? null : String(answer.bet + 1))),
    [fields.transferId, fields.balance, fields.value],
  ]);
};

/** Stores answers decided after the batch's statement (the ledger's refusals), one statement. */
export const insertAnswers = async (
  db: Db,
  answers: readonly NewAnswer[],
  at: Date,
): Promise<void> => {
  await db.query(
    `INSERT INTO vendor_requests (merchant_id, vendor_code, idempotency_key, request_hash,
       status_code, response, created_at)
     SELECT merchant_id, vendor_code, idempotency_key, request_hash, status_code,
       response::jsonb, $7
     FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::smallint[], $6::text[])
       AS a (merchant_id, vendor_code, idempotency_key, request_hash, status_code, response)`,
    [...answerColumns(answers), at],
  );
};
