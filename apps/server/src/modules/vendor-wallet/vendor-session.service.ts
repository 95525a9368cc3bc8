import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { getMember, hashToken } from '../auth/index.ts';
import * as repository from './vendor-wallet.repository.ts';

const TOKEN_BYTES = 32;
// A launch token is for one sitting; a day bounds what a leaked one could ever do.
const MAX_LIFETIME_MS = 86_400_000;
const HOUSE_ACCOUNT_TYPE = 9;

export type VendorSession = {
  /** The opaque token the vendor passes back on balance and debit calls. */
  token: string;
  /** The player as the vendor names it in every call. */
  playerId: string;
  expiresAt: Date;
};

/**
 * A player token for one vendor, made when a member launches one of its games (issue 5 hands
 * `token` and `playerId` to the vendor). Balance and debit calls need it live; credits and
 * rollbacks never do, so a win still lands after it expires. A trial member gets one too: its
 * rounds are play money. Refuses a house account (NON_MEMBER_ACCOUNT) and a disabled one
 * (ACCOUNT_DISABLED). Only the token's SHA-256 is stored.
 */
export const issueVendorSession = async (
  db: Db,
  launch: {
    merchantId: number;
    memberId: number;
    vendorCode: string;
    gameCode?: string | null;
    expiresAt: Date;
    now: Date;
  },
): Promise<VendorSession> => {
  const lifetimeMs = launch.expiresAt.getTime() - launch.now.getTime();
  if (lifetimeMs <= 0 || lifetimeMs > MAX_LIFETIME_MS)
    throw new Error('a vendor session lasts more than 0 and at most 24 hours');
  const member = await getMember(db, launch.merchantId, launch.memberId);
  if (member.type === HOUSE_ACCOUNT_TYPE) throw new AppError('NON_MEMBER_ACCOUNT');
  if (member.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  await repository.insertSession(db, {
    merchantId: launch.merchantId,
    vendorCode: launch.vendorCode,
    memberId: launch.memberId,
    gameCode: launch.gameCode ?? null,
    tokenHash: hashToken(token),
    createdAt: launch.now,
    expiresAt: launch.expiresAt,
  });
  return { token, playerId: String(launch.memberId), expiresAt: launch.expiresAt };
};
