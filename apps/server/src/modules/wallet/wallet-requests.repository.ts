import type { Db } from '../../db/client.ts';

/** SQL of the idempotency store of members' money requests (008-wallet.sql, wallet_requests). */

export type RequestKind = 'wallet_transfer' | 'upline_transfer' | 'downline_transfer';

export type StoredRequest = { kind: RequestKind; requestHash: string; response: unknown };

export const findRequest = async (
  db: Db,
  merchantId: number,
  memberId: number,
  idempotencyKey: string,
): Promise<StoredRequest | null> => {
  const row = await db.maybeOne<{ kind: RequestKind; request_hash: string; response: unknown }>(
    `SELECT kind, request_hash, response FROM wallet_requests
     WHERE merchant_id = $1 AND member_id = $2 AND idempotency_key = $3`,
    [merchantId, memberId, idempotencyKey],
  );
  return row && { kind: row.kind, requestHash: row.request_hash, response: row.response };
};

/**
 * Stores the first answer. A concurrent request with the same key that got here first makes
 * this a unique violation: the caller's transaction runs again and finds it as a replay.
 */
export const insertRequest = (
  db: Db,
  request: {
    merchantId: number;
    memberId: number;
    idempotencyKey: string;
    kind: RequestKind;
    requestHash: string;
    response: unknown;
    createdAt: Date;
  },
) =>
  db.query(
    `INSERT INTO wallet_requests (merchant_id, member_id, idempotency_key, kind, request_hash,
       response, created_at)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7)`,
    [
      request.merchantId,
      request.memberId,
      request.idempotencyKey,
      request.kind,
      request.requestHash,
      JSON.stringify(request.response),
      request.createdAt,
    ],
  );
