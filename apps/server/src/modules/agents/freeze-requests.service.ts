import type {
  BundledLanguage,
  FreezeRequest,
  FreezeRequestPage,
  FreezeRequestStatus,
} from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { sqlStateOf } from '../../db/retry.ts';
import { AppError } from '../../shared/app-error.ts';
import { toIso, toIsoOrNull } from '../../shared/clock.ts';
import type { EventSink } from '../../shared/event-bus.ts';
import { escapeHtml } from '../../shared/html.ts';
import { readKeysetPage } from '../../shared/keyset.ts';
import { insertAuditEntry } from '../audit/index.ts';
import { findMemberByUsername, isInSubtree } from '../auth/index.ts';
import { sendSystemMessage, type MessagesEvents } from '../messages/index.ts';
import { getMerchantBrand, getMerchantByCode } from '../system/index.ts';
import { freezeMember, isMemberFrozen } from '../wallet/index.ts';
import * as repository from './freeze-requests.repository.ts';

export const toFreezeRequest = (row: repository.FreezeRequestRow): FreezeRequest => ({
  id: Number(row.id),
  account: row.account,
  requestedBy: row.requested_by,
  reason: row.reason,
  status: row.status,
  requestedAt: toIso(row.requested_at),
  decidedAt: toIsoOrNull(row.decided_at),
  decisionReason: row.decision_reason,
});

/**
 * An agent asks the operators to freeze a member of its team (issue 22 item 1). Anyone outside
 * the team, the agent itself included, is not found; a frozen member or one with a request
 * already waiting is refused, and nothing is written.
 */
export const requestFreeze = (
  db: Db,
  request: { merchantId: number; agentId: number; account: string; reason: string; now: Date },
): Promise<FreezeRequest> =>
  db.transaction(async (tx) => {
    const member = await findMemberByUsername(tx, request.merchantId, request.account);
    const memberId = member ? Number(member.id) : request.agentId;
    // isInSubtree holds for the agent itself (depth 0): an agent does not ask to freeze itself.
    if (memberId === request.agentId || !(await isInSubtree(tx, request.agentId, memberId)))
      throw new AppError('TEAM_MEMBER_NOT_FOUND');
    if (await isMemberFrozen(tx, request.merchantId, memberId))
      throw new AppError('MEMBER_ALREADY_FROZEN');
    if (await repository.hasPendingFreezeRequest(tx, memberId))
      throw new AppError('FREEZE_ALREADY_REQUESTED');
    try {
      return toFreezeRequest(
        await repository.insertFreezeRequest(tx, {
          merchantId: request.merchantId,
          agentId: request.agentId,
          memberId,
          reason: request.reason,
          now: request.now,
        }),
      );
    } catch (error) {
      // Two agents of the same line asking at once: the one-pending index keeps one.
      if (sqlStateOf(error) === '23505') throw new AppError('FREEZE_ALREADY_REQUESTED');
      throw error;
    }
  });

/** The operators' queue of one status, oldest first. */
export const findFreezeRequests = async (
  db: Db,
  merchantCode: string,
  query: {
    status: FreezeRequestStatus;
    pageNo: number;
    pageSize: number;
    cursor?: string | undefined;
  },
): Promise<FreezeRequestPage> => {
  const merchant = await getMerchantByCode(db, merchantCode);
  const filter = { merchantId: merchant.id, status: query.status };
  return readKeysetPage(
    query,
    {
      rows: (start, limit) => repository.findFreezeRequests(db, filter, { start, limit }),
      count: (limit) => repository.countFreezeRequests(db, filter, limit),
      keyOf: (row) => ({ atMicros: row.requested_at_micros, id: row.id }),
    },
    (rows) => rows.map(toFreezeRequest),
  );
};

type Decision = { approve: boolean; reason: string };
type OperatorContext = { actor: string; now: Date; events?: EventSink<MessagesEvents> | undefined };

// Written in the merchant's default language, as the contract notices are (issue 26 item 5).
const TEXTS: Record<
  BundledLanguage,
  {
    title: Record<'approved' | 'rejected', string>;
    body: (account: string, approved: boolean) => string;
  }
> = {
  EN: {
    title: { approved: 'Freeze request approved', rejected: 'Freeze request rejected' },
    body: (account, approved) =>
      approved
        ? `${account} is now frozen, as you asked.`
        : `Your request to freeze ${account} was rejected.`,
  },
  CN: {
    title: { approved: '冻结申请已批准', rejected: '冻结申请已拒绝' },
    body: (account, approved) =>
      approved ? `${account} 已按您的申请冻结。` : `您冻结 ${account} 的申请已被拒绝。`,
  },
  TH: {
    title: { approved: 'อนุมัติคำขออายัดแล้ว', rejected: 'คำขออายัดถูกปฏิเสธ' },
    body: (account, approved) =>
      approved ? `${account} ถูกอายัดแล้วตามที่คุณขอ` : `คำขออายัด ${account} ของคุณถูกปฏิเสธ`,
  },
  KM: {
    title: { approved: 'សំណើបង្កកត្រូវបានអនុម័ត', rejected: 'សំណើបង្កកត្រូវបានបដិសេធ' },
    body: (account, approved) =>
      approved
        ? `${account} ត្រូវបានបង្កកហើយ តាមសំណើរបស់អ្នក។`
        : `សំណើរបស់អ្នកដើម្បីបង្កក ${account} ត្រូវបានបដិសេធ។`,
  },
};

/**
 * An operator approves a waiting request, which freezes the member (the wallet module's freeze,
 * audit-logged), or rejects it. The agent is told by a platform message, and the operator's
 * reason is kept; a decided request is not decided again.
 */
export const decideFreezeRequest = async (
  db: Db,
  target: { merchantCode: string; id: number },
  decision: Decision,
  context: OperatorContext,
): Promise<FreezeRequest> => {
  const merchant = await getMerchantByCode(db, target.merchantCode);
  return db.transaction(async (tx) => {
    const row = await repository.lockFreezeRequest(tx, merchant.id, target.id);
    if (!row) throw new AppError('NOT_FOUND');
    if (row.status !== 'pending') throw new AppError('FREEZE_REQUEST_DECIDED');
    const action = { actor: context.actor, reason: decision.reason, now: context.now };
    if (decision.approve)
      await freezeMember(
        tx,
        { merchantId: merchant.id, memberId: Number(row.member_id), username: row.account },
        action,
      );
    await repository.decideFreezeRequest(tx, target.id, { ...decision, ...action });
    await insertAuditEntry(tx, {
      merchantId: merchant.id,
      actor: context.actor,
      action: decision.approve ? 'agent.freeze-request.approve' : 'agent.freeze-request.reject',
      target: `member:${row.account}`,
      reason: decision.reason,
      before: { status: row.status },
      after: { status: decision.approve ? 'approved' : 'rejected', requestedBy: row.requested_by },
    });
    const texts = TEXTS[(await getMerchantBrand(tx, merchant.id)).defaultLanguage];
    await sendSystemMessage(
      tx,
      {
        merchantId: merchant.id,
        memberId: Number(row.agent_id),
        title: texts.title[decision.approve ? 'approved' : 'rejected'],
        content:
          `<p>${escapeHtml(texts.body(row.account, decision.approve))}</p>` +
          `<p>${escapeHtml(decision.reason)}</p>`,
        now: context.now,
      },
      context.events,
    );
    return toFreezeRequest(await repository.getFreezeRequest(tx, target.id));
  });
};
