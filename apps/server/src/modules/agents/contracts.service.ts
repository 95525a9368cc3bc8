import {
  AGENT_TYPES,
  topRateOf,
  type Contract,
  type ContractKind,
  type ContractQuerySchema,
  type ContractRequests,
  type ContractTerms,
  type OfferContractBody,
} from '@lanna/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { toIso, toIsoOrNull } from '../../shared/clock.ts';
import type { EventSink } from '../../shared/event-bus.ts';
import { readKeysetPage } from '../../shared/keyset.ts';
import { findInSubtree } from '../auth/index.ts';
import type { MessagesEvents } from '../messages/index.ts';
import { tellContract, type ContractNotice } from './contract-notices.ts';
import * as repository from './contracts.repository.ts';
import type { ContractRow } from './contracts.repository.ts';

type ContractQuery = z.output<typeof ContractQuerySchema>;

export type ContractContext = {
  db: Db;
  merchantId: number;
  now: Date;
  events?: EventSink<MessagesEvents> | undefined;
};

/** The account the house signs its messages with. */
const HOUSE = 'House';

export const toContract = (row: ContractRow): Contract => ({
  id: Number(row.id),
  kind: row.kind,
  status: row.status,
  upline: row.upline,
  downline: row.downline,
  terms: row.terms,
  topRateBp: row.top_rate_bp,
  offeredAt: toIso(row.offered_at),
  decidedAt: toIsoOrNull(row.decided_at),
  endedAt: toIsoOrNull(row.ended_at),
  endedBy: row.ended_by,
});

const isUniqueViolation = (error: unknown): boolean =>
  (error as { code?: string } | null)?.code === '23505';

const tell = (
  ctx: ContractContext,
  tx: Db,
  row: ContractRow,
  to: 'upline' | 'downline',
  what: ContractNotice,
) => {
  const memberId = to === 'upline' ? row.upline_id : row.downline_id;
  if (memberId === null) return Promise.resolve();
  const other = to === 'upline' ? row.downline : (row.upline ?? HOUSE);
  return tellContract(
    tx,
    { merchantId: ctx.merchantId, memberId: Number(memberId), kind: row.kind, other },
    what,
    ctx,
  );
};

/** The highest rate the agent may give of a kind: its own contract's (none: nothing to give). */
const capOf = async (db: Db, agentId: number, kind: ContractKind): Promise<number> =>
  (await repository.findActiveContract(db, agentId, kind))?.top_rate_bp ?? -1;

/**
 * Ends, one level after another, every contract of the kind an agent gave above what it now
 * holds (spec section 4): the agents whose contract ended hold nothing of the kind, so theirs
 * go too. Each side that lost a contract is told.
 */
const endUndercut = async (
  ctx: ContractContext,
  tx: Db,
  agentId: number,
  kind: ContractKind,
  capBp: number,
): Promise<void> => {
  const queue: { agentId: number; capBp: number }[] = [{ agentId, capBp }];
  for (let next = queue.shift(); next; next = queue.shift()) {
    for (const row of await repository.findOfferedAbove(tx, next.agentId, kind, next.capBp)) {
      const wasActive = row.status === 'active';
      await repository.endContract(tx, Number(row.id), {
        endedBy: 'undercut',
        noticeFor: 'downline',
        now: ctx.now,
      });
      await repository.insertEvent(tx, Number(row.id), 'terminated', 'undercut', ctx.now);
      await tell(ctx, tx, row, 'downline', 'undercut');
      if (wasActive) queue.push({ agentId: Number(row.downline_id), capBp: -1 });
    }
  }
};

/** Offers a direct downline agent a contract (issue 22 item 3). */
export const offerContract = async (
  ctx: ContractContext,
  uplineId: number,
  body: OfferContractBody & { terms: ContractTerms },
): Promise<Contract> => {
  const downline = await findInSubtree(ctx.db, ctx.merchantId, uplineId, body.downline.trim());
  if (
    !downline ||
    downline.depth !== 1 ||
    !(AGENT_TYPES as readonly number[]).includes(downline.type)
  ) {
    throw new AppError('DOWNLINE_NOT_FOUND');
  }
  const topRateBp = topRateOf(body.terms);
  const id = await ctx.db
    .transaction(async (tx) => {
      if (topRateBp > (await capOf(tx, uplineId, body.terms.kind)))
        throw new AppError('CONTRACT_RATE_ABOVE_UPLINE');
      const contractId = await repository.insertContract(tx, {
        merchantId: ctx.merchantId,
        kind: body.terms.kind,
        uplineId,
        downlineId: downline.id,
        terms: body.terms,
        topRateBp,
        now: ctx.now,
      });
      await repository.insertEvent(tx, contractId, 'offered', 'upline', ctx.now);
      const row = await repository.findContract(tx, ctx.merchantId, contractId);
      if (row) await tell(ctx, tx, row, 'downline', 'offered');
      return contractId;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error))
        throw new AppError('CONTRACT_ALREADY_OFFERED', { cause: error });
      throw error;
    });
  return toContract(await getContract(ctx.db, ctx.merchantId, id));
};

/**
 * The house's offer to a top agent (operators): the same contract, with no upline and no cap.
 */
export const offerHouseContract = async (
  ctx: ContractContext,
  agentId: number,
  terms: ContractTerms,
): Promise<Contract> => {
  const id = await ctx.db
    .transaction(async (tx) => {
      const contractId = await repository.insertContract(tx, {
        merchantId: ctx.merchantId,
        kind: terms.kind,
        uplineId: null,
        downlineId: agentId,
        terms,
        topRateBp: topRateOf(terms),
        now: ctx.now,
      });
      await repository.insertEvent(tx, contractId, 'offered', 'house', ctx.now);
      const row = await repository.findContract(tx, ctx.merchantId, contractId);
      if (row) await tell(ctx, tx, row, 'downline', 'offered');
      return contractId;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error))
        throw new AppError('CONTRACT_ALREADY_OFFERED', { cause: error });
      throw error;
    });
  return toContract(await getContract(ctx.db, ctx.merchantId, id));
};

const getContract = async (db: Db, merchantId: number, id: number): Promise<ContractRow> => {
  const row = await repository.findContract(db, merchantId, id);
  if (!row) throw new AppError('CONTRACT_NOT_FOUND');
  return row;
};

/** The contract locked, if the member is on the given side of it (another's: not found). */
const lockOwn = async (
  tx: Db,
  ctx: ContractContext,
  id: number,
  memberId: number,
  sides: readonly ('upline' | 'downline')[],
): Promise<{ row: ContractRow; side: 'upline' | 'downline' }> => {
  const row = await repository.findContract(tx, ctx.merchantId, id, true);
  const side =
    row && Number(row.downline_id) === memberId
      ? 'downline'
      : row && row.upline_id !== null && Number(row.upline_id) === memberId
        ? 'upline'
        : null;
  if (!row || !side || !sides.includes(side)) throw new AppError('CONTRACT_NOT_FOUND');
  return { row, side };
};

/**
 * The downline accepts an offer: it replaces its contract of the kind, and what it gave its
 * own downlines above the new rate ends once it confirms.
 */
export const acceptContract = async (
  ctx: ContractContext,
  memberId: number,
  id: number,
  confirmUndercut: boolean,
): Promise<Contract> => {
  await ctx.db.transaction(async (tx) => {
    const { row } = await lockOwn(tx, ctx, id, memberId, ['downline']);
    if (row.status !== 'pending') throw new AppError('CONTRACT_NOT_PENDING');
    if (
      row.upline_id !== null &&
      row.top_rate_bp > (await capOf(tx, Number(row.upline_id), row.kind))
    )
      throw new AppError('CONTRACT_RATE_ABOVE_UPLINE');
    const undercut = await repository.findOfferedAbove(tx, memberId, row.kind, row.top_rate_bp);
    if (undercut.length > 0 && !confirmUndercut) {
      throw new AppError('CONTRACT_UNDERCUTS_DOWNLINES', {
        details: {
          undercutContracts: undercut.map((c) => ({
            id: Number(c.id),
            downline: c.downline,
            topRateBp: c.top_rate_bp,
          })),
        },
      });
    }
    const current = await repository.findActiveContract(tx, memberId, row.kind);
    if (current) {
      await repository.endContract(tx, Number(current.id), {
        endedBy: 'replaced',
        noticeFor: null,
        now: ctx.now,
      });
      await repository.insertEvent(tx, Number(current.id), 'terminated', 'replaced', ctx.now);
    }
    await repository.decideContract(tx, id, 'active', ctx.now);
    await repository.insertEvent(tx, id, 'accepted', 'downline', ctx.now);
    await tell(ctx, tx, row, 'upline', 'accepted');
    await endUndercut(ctx, tx, memberId, row.kind, row.top_rate_bp);
  });
  return toContract(await getContract(ctx.db, ctx.merchantId, id));
};

export const rejectContract = async (
  ctx: ContractContext,
  memberId: number,
  id: number,
): Promise<Contract> => {
  await ctx.db.transaction(async (tx) => {
    const { row } = await lockOwn(tx, ctx, id, memberId, ['downline']);
    if (row.status !== 'pending') throw new AppError('CONTRACT_NOT_PENDING');
    await repository.decideContract(tx, id, 'rejected', ctx.now);
    await repository.insertEvent(tx, id, 'rejected', 'downline', ctx.now);
    await tell(ctx, tx, row, 'upline', 'rejected');
  });
  return toContract(await getContract(ctx.db, ctx.merchantId, id));
};

/**
 * Either side ends a contract in force, or the upline withdraws its offer; the other side is
 * told and sees it in its pop-up. The downline's own contracts of the kind end with it.
 */
export const terminateContract = async (
  ctx: ContractContext,
  memberId: number,
  id: number,
): Promise<Contract> => {
  await ctx.db.transaction(async (tx) => {
    const { row, side } = await lockOwn(tx, ctx, id, memberId, ['upline', 'downline']);
    const open = row.status === 'active' || (row.status === 'pending' && side === 'upline');
    if (!open) throw new AppError('CONTRACT_NOT_PENDING');
    const other = side === 'upline' ? 'downline' : 'upline';
    const noticeFor = other === 'upline' && row.upline_id === null ? null : other;
    await repository.endContract(tx, id, { endedBy: side, noticeFor, now: ctx.now });
    await repository.insertEvent(tx, id, 'terminated', side, ctx.now);
    await tell(ctx, tx, row, other, 'ended');
    if (row.status === 'active') {
      await endUndercut(ctx, tx, Number(row.downline_id), row.kind, -1);
    }
  });
  return toContract(await getContract(ctx.db, ctx.merchantId, id));
};

/**
 * Ends the agent's contracts with its upline, offered or in force, as an operator moving or
 * demoting it does; with them, the contracts it gave of those kinds (level after level).
 */
export const endContractsOf = async (
  ctx: ContractContext,
  tx: Db,
  agentId: number,
  which: 'with_upline' | 'all',
): Promise<void> => {
  const rows = await repository.findReceivedOpen(tx, agentId);
  for (const row of rows) {
    if (which === 'with_upline' && row.upline_id === null) continue;
    await repository.endContract(tx, Number(row.id), {
      endedBy: 'operator',
      noticeFor: 'downline',
      now: ctx.now,
    });
    await repository.insertEvent(tx, Number(row.id), 'terminated', 'operator', ctx.now);
    if (row.status === 'active') await endUndercut(ctx, tx, agentId, row.kind, -1);
  }
};

export const acknowledgeContract = async (
  ctx: ContractContext,
  memberId: number,
  id: number,
): Promise<Contract> => {
  await ctx.db.transaction(async (tx) => {
    const { row, side } = await lockOwn(tx, ctx, id, memberId, ['upline', 'downline']);
    if (row.notice_for !== side) return;
    await repository.clearNotice(tx, id);
    await repository.insertEvent(tx, id, 'acknowledged', side, ctx.now);
  });
  return toContract(await getContract(ctx.db, ctx.merchantId, id));
};

export const findContracts = (
  db: Db,
  merchantId: number,
  memberId: number,
  query: ContractQuery,
) => {
  const filter = { merchantId, memberId, side: query.side, kind: query.kind, status: query.status };
  return readKeysetPage(
    query,
    {
      rows: (start, limit) => repository.findContracts(db, filter, { start, limit }),
      count: (limit) => repository.countContracts(db, filter, limit),
      keyOf: (row) => ({ atMicros: row.offered_at_micros, id: row.id }),
    },
    (rows) => rows.map(toContract),
  );
};

const FLAG_OF: Record<ContractKind, keyof Omit<ContractRequests, 'requests'>> = {
  dividend: 'divtypereq',
  daily_salary: 'dailysalreqtype',
  hourly_salary: 'contracthoursalreq',
  realtime_salary: 'realtimesalreqtype',
};

/** The contract pop-up (spec sections 3 and 4): the flags per kind and what waits. */
export const getContractRequests = async (
  db: Db,
  merchantId: number,
  memberId: number,
): Promise<ContractRequests> => {
  const rows = await repository.findRequests(db, merchantId, memberId);
  const value: ContractRequests = {
    divtypereq: 0,
    dailysalreqtype: 0,
    contracthoursalreq: 0,
    realtimesalreqtype: 0,
    requests: [],
  };
  for (const row of rows) {
    const type = row.status === 'pending' ? 'new_contract' : 'termination';
    value.requests.push({ type, contract: toContract(row) });
    const flag = FLAG_OF[row.kind];
    // An offer to answer goes before an ending to acknowledge.
    value[flag] = value[flag] === 1 || type === 'new_contract' ? 1 : 2;
  }
  return value;
};
