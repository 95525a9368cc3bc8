import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import type { EventSink } from '../../shared/event-bus.ts';
import { insertAuditEntry } from '../audit/index.ts';
import { findMerchantByCode } from '../system/index.ts';
import { findMemberByUsername } from './member.repository.ts';
import { endOtherSessions, type AuthEvents } from './session.service.ts';

/**
 * An operator ends every live session of a member, with its audit row in the same
 * transaction; the open tabs hear `sessionRevoked` once it commits. The sessions read as
 * revoked for 'disabled', the reason the house itself cut access.
 */
export const revokeMemberSessions = (
  db: Db,
  events: EventSink<AuthEvents>,
  target: { merchantCode: string; username: string },
  action: { actor: string; reason: string; now: Date },
): Promise<{ signedOutSessions: number }> =>
  db.transaction(async (tx) => {
    const merchant = await findMerchantByCode(tx, target.merchantCode);
    const member = merchant ? await findMemberByUsername(tx, merchant.id, target.username) : null;
    if (!merchant || !member) throw new AppError('NOT_FOUND');
    const signedOutSessions = await endOtherSessions(
      tx,
      { merchantId: merchant.id, memberId: Number(member.id) },
      null,
      'disabled',
      action.now,
      events,
    );
    await insertAuditEntry(tx, {
      merchantId: merchant.id,
      actor: action.actor,
      action: 'member.sessions.revoke',
      target: `member:${member.username}`,
      reason: action.reason,
      before: null,
      after: { signedOutSessions },
    });
    return { signedOutSessions };
  });
