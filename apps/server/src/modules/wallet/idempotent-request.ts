import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { retryTransaction, sqlStateOf } from '../../db/retry.ts';
import { AppError } from '../../shared/app-error.ts';
import { findRequest, insertRequest, type RequestKind } from './wallet-requests.repository.ts';

/** One money request of a member, named by the member's idempotency key. */
export type MemberRequest = {
  merchantId: number;
  memberId: number;
  idempotencyKey: string;
  kind: RequestKind;
  /** What was asked, without the key and without any password: the request hash covers it. */
  fields: Readonly<Record<string, string>>;
  now: Date;
};

const hashOf = (kind: RequestKind, fields: Readonly<Record<string, string>>): string =>
  createHash('sha256')
    .update(JSON.stringify([kind, Object.entries(fields).sort(([a], [b]) => a.localeCompare(b))]))
    .digest('hex');

// A key taken meanwhile by a concurrent request (ours or the ledger's): a fresh run replays it.
const isUniqueViolation = (error: unknown): boolean => sqlStateOf(error) === '23505';

/**
 * Runs a member's money request once per idempotency key (issue 4; reliability checklist A4),
 * in one database transaction with everything `work` posts: the first run stores its answer
 * with the request's hash; the same key with the same request answers that again with
 * `replayed: true`, with another request IDEMPOTENCY_KEY_REUSED. Concurrent runs with one key
 * produce one effect: the loser's insert fails on the unique key, and its retry replays. A
 * refusal thrown by `work` rolls everything back and stores nothing.
 */
export const runIdempotent = <R extends object>(
  db: Db,
  request: MemberRequest,
  work: (tx: Db) => Promise<R>,
): Promise<R & { replayed: boolean }> => {
  const requestHash = hashOf(request.kind, request.fields);
  return retryTransaction(
    db,
    async (tx) => {
      const { merchantId, memberId, idempotencyKey } = request;
      const stored = await findRequest(tx, merchantId, memberId, idempotencyKey);
      if (stored) {
        if (stored.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
        return { ...(stored.response as R), replayed: true };
      }
      const response = await work(tx);
      await insertRequest(tx, { ...request, requestHash, response, createdAt: request.now });
      return { ...response, replayed: false };
    },
    { alsoRetry: isUniqueViolation },
  );
};
