import {
  AGENT_TYPES,
  TRIAL_TYPE,
  LOGIN_TYPES,
  type AgentPlacement,
  type Contract,
  type ContractTerms,
  type PutAgentBody,
} from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import type { EventSink } from '../../shared/event-bus.ts';
import { insertAuditEntry } from '../audit/index.ts';
import {
  countDescendants,
  findDirectUpline,
  findMemberByUsername,
  isInSubtree,
  moveSubtree,
  setMemberType,
} from '../auth/index.ts';
import {
  getOrCreateHouseAccount,
  getOrCreateMemberAccount,
  moveEntries,
  postTransfer,
} from '../ledger/index.ts';
import type { MessagesEvents } from '../messages/index.ts';
import { getMerchantByCode } from '../system/index.ts';
import { endContractsOf, offerHouseContract } from './contracts.service.ts';

type OperatorContext = { actor: string; now: Date; events?: EventSink<MessagesEvents> | undefined };

const isAgentType = (type: number) => (AGENT_TYPES as readonly number[]).includes(type);

/** A real account of the merchant (no trial, no house account). */
const getAccount = async (db: Db, merchantId: number, username: string) => {
  const member = await findMemberByUsername(db, merchantId, username);
  const real =
    member !== null &&
    (LOGIN_TYPES as readonly number[]).includes(member.type) &&
    member.type !== TRIAL_TYPE;
  if (!member || !real) throw new AppError('NOT_FOUND');
  return member;
};

/**
 * An operator's offer from the house to an agent of the merchant (issue 22 item 6), written to
 * the audit log with its reason.
 */
export const offerHouseContractAsOperator = async (
  db: Db,
  target: { merchantCode: string; username: string },
  body: { terms: ContractTerms; reason: string },
  context: OperatorContext,
): Promise<Contract> => {
  const merchant = await getMerchantByCode(db, target.merchantCode);
  const agent = await getAccount(db, merchant.id, target.username);
  if (!isAgentType(agent.type)) throw new AppError('NOT_FOUND');
  return db.transaction(async (tx) => {
    const contract = await offerHouseContract(
      { db: tx, merchantId: merchant.id, now: context.now, events: context.events },
      Number(agent.id),
      body.terms,
    );
    await insertAuditEntry(tx, {
      merchantId: merchant.id,
      actor: context.actor,
      action: 'agent.contract.offer',
      target: agent.username,
      reason: body.reason,
      before: null,
      after: contract,
    });
    return contract;
  });
};

/**
 * Sets an account's type and moves it with its team (issue 22 item 6). Moving ends its
 * contracts with the old upline; leaving the agents ends all it holds. An agent with a team
 * stays an agent, and no one moves under its own team.
 */
export const putAgent = async (
  db: Db,
  target: { merchantCode: string; username: string },
  body: PutAgentBody,
  context: OperatorContext,
): Promise<AgentPlacement> => {
  const merchant = await getMerchantByCode(db, target.merchantCode);
  return db.transaction(async (tx) => {
    const member = await getAccount(tx, merchant.id, target.username);
    const memberId = Number(member.id);
    const ctx = { db: tx, merchantId: merchant.id, now: context.now, events: context.events };
    const before = await placementOf(tx, merchant.id, memberId, member.username);
    if (body.upline !== undefined) {
      const upline = body.upline === null ? null : await getAccount(tx, merchant.id, body.upline);
      if (upline && !isAgentType(upline.type)) throw new AppError('NOT_FOUND');
      if (upline && (await isInSubtree(tx, memberId, Number(upline.id))))
        throw new AppError('AGENT_MOVE_INTO_OWN_TEAM');
      if ((upline?.username ?? null) !== before.upline) {
        await endContractsOf(ctx, tx, memberId, 'with_upline');
        await moveSubtree(tx, merchant.id, memberId, upline ? Number(upline.id) : null);
      }
    }
    if (body.type !== undefined && body.type !== member.type) {
      if (!isAgentType(body.type)) {
        if ((await countDescendants(tx, memberId)) > 0) throw new AppError('AGENT_HAS_TEAM');
        await endContractsOf(ctx, tx, memberId, 'all');
      }
      await setMemberType(tx, merchant.id, memberId, body.type);
    }
    const after = await placementOf(tx, merchant.id, memberId, member.username);
    await insertAuditEntry(tx, {
      merchantId: merchant.id,
      actor: context.actor,
      action: 'agent.placement',
      target: `member:${member.username}`,
      reason: body.reason,
      before,
      after,
    });
    return after;
  });
};

const placementOf = async (
  db: Db,
  merchantId: number,
  memberId: number,
  username: string,
): Promise<AgentPlacement> => {
  const [upline, teamSize, row] = [
    await findDirectUpline(db, merchantId, memberId),
    await countDescendants(db, memberId),
    await db.one<{ type: number }>('SELECT type FROM members WHERE id = $1', [memberId]),
  ];
  return { account: username, type: row.type, upline: upline?.username ?? null, teamSize };
};

/**
 * Corrects a payout by a compensating transfer between the house and the agent (issue 22 item
 * 6), never by editing it; audit-logged; a replay under the key answers the first correction.
 */
export const correctPayout = async (
  db: Db,
  target: { merchantCode: string; id: number },
  body: { amountMinor: string; reason: string; idempotencyKey: string },
  context: OperatorContext,
) => {
  const merchant = await getMerchantByCode(db, target.merchantCode);
  return db.transaction(async (tx) => {
    const payout = await tx.maybeOne<{ id: string; kind: string; payee_id: string }>(
      'SELECT id, kind, payee_id FROM agent_payouts WHERE merchant_id = $1 AND id = $2',
      [merchant.id, target.id],
    );
    if (!payout) throw new AppError('NOT_FOUND');
    const amount = BigInt(body.amountMinor);
    const house = await getOrCreateHouseAccount(tx, merchant.id, {
      kind: payout.kind === 'dividend' ? 'dividend' : 'salary',
    });
    const agent = await getOrCreateMemberAccount(tx, merchant.id, Number(payout.payee_id), {
      kind: 'main',
    });
    const transfer = await postTransfer(
      tx,
      {
        merchantId: merchant.id,
        type: payout.kind === 'dividend' ? 'dividend' : 'salary',
        idempotencyKey: `agent-correction:${body.idempotencyKey}`,
        reference: `payout:${payout.id}`,
        entries:
          amount > 0n
            ? moveEntries(house.id, agent.id, amount)
            : moveEntries(agent.id, house.id, -amount),
        fingerprint: body.reason,
      },
      { now: context.now },
    );
    if (!transfer.replayed) {
      await tx.query(
        `INSERT INTO agent_payout_corrections (payout_id, amount_minor, transfer_id, actor, reason,
           created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
        [payout.id, body.amountMinor, transfer.transferId, context.actor, body.reason, context.now],
      );
      await insertAuditEntry(tx, {
        merchantId: merchant.id,
        actor: context.actor,
        action: 'agent.payout.correct',
        target: `payout:${payout.id}`,
        reason: body.reason,
        before: null,
        after: { amountMinor: body.amountMinor, transferId: transfer.transferId },
      });
    }
    return {
      payoutId: Number(payout.id),
      amountMinor: body.amountMinor,
      transferId: transfer.transferId,
      replayed: transfer.replayed,
    };
  });
};
