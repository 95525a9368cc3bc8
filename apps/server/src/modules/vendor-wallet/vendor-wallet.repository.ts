import type { VendorRoundStatus } from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import type { LedgerPosting, LedgerPostRow } from '../ledger/index.ts';

/** Names a vendor's ids: they are unique per merchant and vendor. */
export type VendorScope = { merchantId: number; vendorCode: string };

// --- Player tokens -------------------------------------------------------------------------

export type SessionRow = { member_id: string; expires_at: Date };

export const insertSession = (
  db: Db,
  session: VendorScope & {
    memberId: number;
    gameCode: string | null;
    tokenHash: string;
    createdAt: Date;
    expiresAt: Date;
  },
) =>
  db.query(
    `INSERT INTO vendor_sessions (merchant_id, member_id, vendor_code, game_code, token_hash,
       created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      session.merchantId,
      session.memberId,
      session.vendorCode,
      session.gameCode,
      session.tokenHash,
      session.createdAt,
      session.expiresAt,
    ],
  );

export const findSession = (db: Db, scope: VendorScope, tokenHash: string) =>
  db.maybeOne<SessionRow>(
    `SELECT member_id::text, expires_at FROM vendor_sessions
     WHERE token_hash = $1 AND merchant_id = $2 AND vendor_code = $3`,
    [tokenHash, scope.merchantId, scope.vendorCode],
  );

// --- Rounds ----------------------------------------------------------------------------------

export type RoundRow = {
  id: string;
  round_id: string;
  member_id: string;
  game_code: string;
  wallet: 'main' | 'vendor';
  play_money: boolean;
  status: VendorRoundStatus;
  debit_minor: string;
  credit_minor: string;
  rollback_minor: string;
};

// int8 columns as text: the engines hand int8 back in different JS types.
const ROUND_COLUMNS = `id::text, round_id, member_id::text, game_code, wallet, play_money, status,
  debit_minor::text, credit_minor::text, rollback_minor::text`;

/** The round, row-locked: every change to a round and its money runs under this lock. */
export const lockRound = (db: Db, scope: VendorScope, roundId: string) =>
  db.maybeOne<RoundRow>(
    `SELECT ${ROUND_COLUMNS} FROM vendor_rounds
     WHERE merchant_id = $1 AND vendor_code = $2 AND round_id = $3 FOR UPDATE`,
    [scope.merchantId, scope.vendorCode, roundId],
  );

export const lockRoundById = (db: Db, id: string) =>
  db.one<RoundRow>(`SELECT ${ROUND_COLUMNS} FROM vendor_rounds WHERE id = $1 FOR UPDATE`, [id]);

/** Adds to a round's totals and, when `status` is given, closes it. */
export const updateRound = (
  db: Db,
  id: string,
  change: {
    debitMinor?: bigint;
    creditMinor?: bigint;
    rollbackMinor?: bigint;
    status?: 'settled' | 'cancelled';
    at: Date;
  },
) =>
  db.query(
    `UPDATE vendor_rounds SET debit_minor = debit_minor + $2, credit_minor = credit_minor + $3,
       rollback_minor = rollback_minor + $4, status = coalesce($5, status),
       closed_at = CASE WHEN $5::text IS NULL THEN closed_at ELSE $6 END, updated_at = $6
     WHERE id = $1`,
    [
      id,
      (change.debitMinor ?? 0n).toString(),
      (change.creditMinor ?? 0n).toString(),
      (change.rollbackMinor ?? 0n).toString(),
      change.status ?? null,
      change.at,
    ],
  );

// --- Transactions ----------------------------------------------------------------------------

export type TransactionRow = {
  transaction_id: string;
  kind: 'debit' | 'credit' | 'rollback';
  state: 'applied' | 'rolled_back' | 'void';
  round_ref: string | null;
  member_id: string | null;
  amount_minor: string | null;
  request_hash: string;
  result: unknown;
};

const TRANSACTION_COLUMNS = `transaction_id, kind, state, round_ref::text, member_id::text,
  amount_minor::text, request_hash, result`;

/** The transaction, row-locked, so a debit and its rollback never cross. */
export const lockTransaction = (db: Db, scope: VendorScope, transactionId: string) =>
  db.maybeOne<TransactionRow>(
    `SELECT ${TRANSACTION_COLUMNS} FROM vendor_transactions
     WHERE merchant_id = $1 AND vendor_code = $2 AND transaction_id = $3 FOR UPDATE`,
    [scope.merchantId, scope.vendorCode, transactionId],
  );

/** The rollback that cancelled a debit. */
export const findRollbackOf = (db: Db, scope: VendorScope, debitId: string) =>
  db.one<TransactionRow>(
    `SELECT ${TRANSACTION_COLUMNS} FROM vendor_transactions
     WHERE merchant_id = $1 AND vendor_code = $2 AND kind = 'rollback' AND reference_id = $3`,
    [scope.merchantId, scope.vendorCode, debitId],
  );

export type NewTransaction = VendorScope & {
  transactionId: string;
  kind: 'debit' | 'credit' | 'rollback';
  state: 'applied' | 'void';
  roundRef: string | null;
  memberId: number | null;
  amountMinor: bigint | null;
  referenceId: string | null;
  requestHash: string;
  ledgerTransferId: number | null;
  result: unknown;
  at: Date;
};

/**
 * Records a transaction id and stores the answer to the request that moved it, in one
 * statement: a concurrent use of either key fails it on that key, and neither row is written.
 */
export const insertTransactionAndAnswer = (
  db: Db,
  row: NewTransaction,
  answer: { idempotencyKey: string; requestHash: string; statusCode: number; response: unknown },
) =>
  db.query(
    `WITH recorded AS (
       INSERT INTO vendor_transactions (merchant_id, vendor_code, transaction_id, kind, state,
         round_ref, member_id, amount_minor, reference_id, request_hash, ledger_transfer_id,
         result, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
     )
     INSERT INTO vendor_requests (merchant_id, vendor_code, idempotency_key, request_hash,
       status_code, response, created_at)
     VALUES ($1, $2, $14, $15, $16, $17, $13)`,
    [
      row.merchantId,
      row.vendorCode,
      row.transactionId,
      row.kind,
      row.state,
      row.roundRef,
      row.memberId,
      row.amountMinor === null ? null : row.amountMinor.toString(),
      row.referenceId,
      row.requestHash,
      row.ledgerTransferId,
      JSON.stringify(row.result),
      row.at,
      answer.idempotencyKey,
      answer.requestHash,
      answer.statusCode,
      JSON.stringify(answer.response),
    ],
  );

export const markRolledBack = (db: Db, scope: VendorScope, transactionId: string) =>
  db.query(
    `UPDATE vendor_transactions SET state = 'rolled_back'
     WHERE merchant_id = $1 AND vendor_code = $2 AND transaction_id = $3`,
    [scope.merchantId, scope.vendorCode, transactionId],
  );

// --- Answers by idempotency key --------------------------------------------------------------

export type AnswerRow = { request_hash: string; status_code: number; response: unknown };

export const findAnswer = (db: Db, scope: VendorScope, idempotencyKey: string) =>
  db.maybeOne<AnswerRow>(
    `SELECT request_hash, status_code, response FROM vendor_requests
     WHERE merchant_id = $1 AND vendor_code = $2 AND idempotency_key = $3`,
    [scope.merchantId, scope.vendorCode, idempotencyKey],
  );

/** Stores an answer; a concurrent one under the same key fails on the primary key. */
export const insertAnswer = (
  db: Db,
  scope: VendorScope,
  answer: {
    idempotencyKey: string;
    requestHash: string;
    statusCode: number;
    response: unknown;
    at: Date;
  },
) =>
  db.query(
    `INSERT INTO vendor_requests (merchant_id, vendor_code, idempotency_key, request_hash,
       status_code, response, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      scope.merchantId,
      scope.vendorCode,
      answer.idempotencyKey,
      answer.requestHash,
      answer.statusCode,
      JSON.stringify(answer.response),
      answer.at,
    ],
  );

// --- A debit batch: every debit of a batch in one round trip a statement -------------------

export type DebitKeys = VendorScope & {
  idempotencyKey: string;
  transactionId: string;
  roundId: string;
};

export type DebitState = {
  answer: AnswerRow | null;
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

/** The ledger's arguments by name, in the order `ledger_post` takes them (migration 021). */
const LEDGER_ARGS = [
  'merchant',
  'type',
  'reference',
  'key',
  'hash',
  'first',
  'count',
  'account_ids',
  'slot',
  'amount',
  'posted_at',
] as const;

/**
 * Writes a batch of debits in one statement, its own transaction (`vendor_debit_post`,
 * migration 024, one jsonb argument): locks `openRounds`, posts the bets through the ledger
 * (`posting`, one transfer a bet in the same order), then opens or adds to each taken bet's
 * round, records its transaction and stores `answers`, each bet's completed with its filled
 * result. A bet the ledger refuses writes nothing. Fails with serialization_failure when a
 * round or a bet's key changed since it was read, and on a unique key another transaction
 * took: read and judge again. Returns `ledger_post`'s rows, for `posting.settle`.
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
  if (posting.args.length !== LEDGER_ARGS.length)
    throw new Error('ledger_post takes other arguments than this batch names');
  const ledger = Object.fromEntries(LEDGER_ARGS.map((name, index) => [name, posting.args[index]]));
  return db.query<LedgerPostRow>('SELECT * FROM vendor_debit_post($1::jsonb)', [
    JSON.stringify({
      ledger,
      open_rounds: openRounds.map((round) => ({
        merchant_id: round.merchantId,
        vendor_code: round.vendorCode,
        round_id: round.roundId,
      })),
      bets: bets.map((bet) => ({
        merchant_id: bet.merchantId,
        vendor_code: bet.vendorCode,
        round_id: bet.roundId,
        member_id: String(bet.memberId),
        game_code: bet.gameCode,
        wallet: bet.wallet,
        play_money: bet.playMoney,
        amount_minor: bet.amountMinor.toString(),
        transaction_id: bet.transactionId,
        fingerprint: bet.fingerprint,
        member_entry: bet.memberEntry + 1,
        result: bet.result,
      })),
      answers: answers.map((answer) => ({
        merchant_id: answer.merchantId,
        vendor_code: answer.vendorCode,
        idempotency_key: answer.idempotencyKey,
        request_hash: answer.requestHash,
        status_code: answer.statusCode,
        response: answer.response,
        bet: answer.bet === null ? null : answer.bet + 1,
      })),
      fill: { transfer_id: fields.transferId, balance: fields.balance, value: fields.value },
    }),
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
