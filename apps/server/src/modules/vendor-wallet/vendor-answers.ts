import { createHash } from 'node:crypto';
import { OK_CODE, OK_MESSAGE, type Envelope, type ErrorEnvelope } from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { retryTransaction, sqlStateOf } from '../../db/retry.ts';
import { errorEnvelope } from '../../plugins/error-handler.ts';
import { AppError, isAppError } from '../../shared/app-error.ts';
import { rememberedPerDatabase } from '../../shared/remembered.ts';
import {
  findAnswer,
  insertAnswer,
  insertTransactionAndAnswer,
  type NewTransaction,
  type StoredAnswer,
  type VendorScope,
} from './vendor-wallet.repository.ts';

/** What a call's stored answer is found by: its idempotency key and the hash of its request. */
export type ReplayKey = { idempotencyKey: string; requestHash: string };

/** What a vendor call answers: the HTTP status and the envelope, exactly as first sent. */
export type VendorAnswer = {
  statusCode: number;
  body: Envelope<unknown> | ErrorEnvelope;
  /** On an answer this node remembered for a repeated request: the key it was found by. */
  replayKey?: ReplayKey;
};

/**
 * What a call's rules decided inside their transaction: a value, or a refusal that is still
 * committed because it changed something (a rollback remembering a debit it never saw).
 * Refusals that change nothing are thrown instead, and roll everything back.
 */
export type Outcome<V> = ({ ok: true; value: V } | { ok: false; error: AppError }) & {
  /**
   * The transaction id the call used, recorded in the same statement as its answer: one
   * round trip fewer while the call holds the house account's lock.
   */
  record?: NewTransaction;
};

/** The vendor calls answered once per idempotency key, by the name their requests hash under. */
export type IdempotentCall = 'debit' | 'credit' | 'rollback';

export type AnswerRequest = {
  scope: VendorScope;
  idempotencyKey: string;
  /** The call and its parsed body: the same request always hashes the same. */
  call: IdempotentCall;
  body: unknown;
  /** The first request's id, kept in a refusal's envelope. */
  requestId: string;
  now: Date;
};

export const sha256Of = (value: unknown): string =>
  createHash('sha256').update(JSON.stringify(value), 'utf8').digest('hex');

// Another request took a key meanwhile (ours, a transaction id, the ledger's): a fresh run
// finds what it stored and answers from there.
export const isUniqueViolation = (error: unknown): boolean => sqlStateOf(error) === '23505';

export const success = (value: unknown): VendorAnswer => ({
  statusCode: 200,
  body: { success: true, code: OK_CODE, message: OK_MESSAGE, value },
});

export const refusal = (error: AppError, requestId: string): VendorAnswer => ({
  statusCode: error.statusCode,
  body: errorEnvelope(error.code, requestId, error.issues, error.details),
});

export const replay = (stored: StoredAnswer, requestHash: string): VendorAnswer => {
  if (stored.request_hash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return { statusCode: stored.status_code, body: stored.response as VendorAnswer['body'] };
};

/** A refusal worth keeping: a decision about the request, not a server fault or a key clash. */
export const isStoredRefusal = (error: unknown): error is AppError =>
  isAppError(error) &&
  error.code !== 'IDEMPOTENCY_KEY_REUSED' &&
  (error.statusCode < 500 || error.code === 'MAINTENANCE');

// A stored answer never changes once committed, so this node remembers the answers it gave or
// read, and answers a replay (a vendor retrying a callback) without a query.
const rememberedOf = rememberedPerDatabase<StoredAnswer>(100_000);

const keyOf = (request: Pick<AnswerRequest, 'scope' | 'idempotencyKey'>): string =>
  `${request.scope.merchantId}\n${request.scope.vendorCode}\n${request.idempotencyKey}`;

/** The hash a call's request is known by under its idempotency key. */
export const requestHashOf = (request: Pick<AnswerRequest, 'call' | 'body'>): string =>
  sha256Of([request.call, request.body]);

/** The answer this node remembers under the request's key, replayed; null when none is. */
export const rememberedAnswer = (
  db: Db,
  request: Pick<AnswerRequest, 'scope' | 'idempotencyKey'>,
  requestHash: string,
): VendorAnswer | null => {
  const known = rememberedOf(db).get(keyOf(request));
  if (!known) return null;
  return {
    ...replay(known, requestHash),
    replayKey: { idempotencyKey: request.idempotencyKey, requestHash },
  };
};

/** Remembers on this node an answer stored in `tx`, once `tx` commits. */
export const rememberAfterCommit = (
  tx: Db,
  request: Pick<AnswerRequest, 'scope' | 'idempotencyKey'>,
  requestHash: string,
  answer: VendorAnswer,
): void => {
  const remembered = rememberedOf(tx);
  const key = keyOf(request);
  tx.afterCommit(() =>
    remembered.remember(key, {
      request_hash: requestHash,
      status_code: answer.statusCode,
      response: answer.body,
    }),
  );
};

/** Stores the answer in `tx`, with the transaction id the call recorded if any. */
const store = async (
  tx: Db,
  request: AnswerRequest,
  requestHash: string,
  answer: VendorAnswer,
  record?: NewTransaction,
) => {
  const stored = {
    idempotencyKey: request.idempotencyKey,
    requestHash,
    statusCode: answer.statusCode,
    response: answer.body,
  };
  if (record) await insertTransactionAndAnswer(tx, record, stored);
  else await insertAnswer(tx, request.scope, { ...stored, at: request.now });
  rememberAfterCommit(tx, request, requestHash, answer);
};

/**
 * Answers a vendor's money call once per idempotency key (reliability checklist A4; Hub88:
 * a duplicate gets the same response). The first run decides in one database transaction with
 * everything it moves and stores its answer there; a refusal it throws rolls that back and is
 * then stored on its own, so a vendor that missed the first answer never gets another one.
 * The same key with the same request replays the stored answer, with another request is
 * refused with IDEMPOTENCY_KEY_REUSED. Concurrent runs under one key make one effect: the
 * loser fails on a unique key, and its bounded retry replays the winner's answer.
 */
export const answerOnce = async <V>(
  db: Db,
  request: AnswerRequest,
  decide: (tx: Db) => Promise<Outcome<V>>,
): Promise<VendorAnswer> => {
  const requestHash = requestHashOf(request);
  // A replay is answered from memory, or by one read without a transaction; a miss still
  // checks again inside the transaction.
  const known = rememberedAnswer(db, request, requestHash);
  if (known) return known;
  const committed = await findAnswer(db, request.scope, request.idempotencyKey);
  if (committed) {
    rememberedOf(db).remember(keyOf(request), committed);
    return replay(committed, requestHash);
  }
  // The first run goes straight to the decision: the read above has just missed, and an answer
  // committed since then makes our insert fail on the key, so the run after it finds that one.
  let firstRun = true;
  try {
    return await retryTransaction(
      db,
      async (tx) => {
        if (!firstRun) {
          const stored = await findAnswer(tx, request.scope, request.idempotencyKey);
          if (stored) return replay(stored, requestHash);
        }
        firstRun = false;
        const outcome = await decide(tx);
        const answer = outcome.ok
          ? success(outcome.value)
          : refusal(outcome.error, request.requestId);
        await store(tx, request, requestHash, answer, outcome.record);
        return answer;
      },
      { alsoRetry: isUniqueViolation },
    );
  } catch (error) {
    if (!isStoredRefusal(error)) throw error;
    return retryTransaction(
      db,
      async (tx) => {
        const stored = await findAnswer(tx, request.scope, request.idempotencyKey);
        if (stored) return replay(stored, requestHash);
        const answer = refusal(error, request.requestId);
        await store(tx, request, requestHash, answer);
        return answer;
      },
      { alsoRetry: isUniqueViolation },
    );
  }
};
