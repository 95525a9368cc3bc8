import {
  DEPOSIT_BONUS_KINDS,
  type BonusGrant,
  type BonusGrantList,
  type BonusRule,
} from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { toIso, toIsoOrNull } from '../../shared/clock.ts';
import type { EventSink } from '../../shared/event-bus.ts';
import { placementOf } from '../games/index.ts';
import {
  findFirstMemberTransfer,
  findLastMemberTransfer,
  getOrCreateHouseAccount,
  getOrCreateMemberAccount,
  moveEntries,
  postTransfer,
  type LedgerEvents,
  type MemberTransferSummary,
} from '../ledger/index.ts';
import { assertOpenTo } from './activity-window.ts';
import * as grants from './bonus-grants.repository.ts';
import type { PromotionRow } from './promotions.repository.ts';

/** Who asks, when, and where balance changes are announced once committed. */
export type BonusContext = {
  db: Db;
  merchantId: number;
  memberId: number;
  now: Date;
  events?: EventSink<LedgerEvents>;
};

const DAY_MS = 86_400_000;

const minOf = (a: bigint, b: bigint) => (a < b ? a : b);

const toGrant = (row: grants.GrantRow): BonusGrant => {
  const required = BigInt(row.wagering_required_minor);
  const wagered = BigInt(row.wagered_minor);
  const remaining = row.status === 'active' && required > wagered ? required - wagered : 0n;
  return {
    id: Number(row.id),
    promotionId: Number(row.promotion_id),
    title: row.title,
    bonusMinor: row.bonus_minor,
    depositMinor: row.deposit_minor,
    wageringRequiredMinor: row.wagering_required_minor,
    wageredMinor: row.wagered_minor,
    remainingMinor: remaining.toString(),
    contributionPercent: row.contribution,
    status: row.status,
    forfeitReason: row.forfeit_reason,
    grantedAt: toIso(row.granted_at),
    expiresAt: toIso(row.expires_at),
    settledAt: toIsoOrNull(row.settled_at),
  };
};

/**
 * The deposit a claim pays for: the first deposit for a first-deposit bonus, the latest for a
 * deposit bonus; made while the activity runs and at least the rule's minimum. Null: none.
 */
export type MemberDeposits = {
  first: MemberTransferSummary | null;
  last: MemberTransferSummary | null;
};

/** The member's first and latest deposits: what every deposit bonus of a page is judged by. */
export const findMemberDeposits = async (
  ctx: Pick<BonusContext, 'db' | 'merchantId' | 'memberId'>,
): Promise<MemberDeposits> => ({
  first: await findFirstMemberTransfer(ctx.db, ctx.merchantId, ctx.memberId, 'deposit'),
  last: await findLastMemberTransfer(ctx.db, ctx.merchantId, ctx.memberId, 'deposit'),
});

export const qualifyingDeposit = (deposits: MemberDeposits, row: PromotionRow, rule: BonusRule) => {
  const deposit = row.kind === 'first_deposit_bonus' ? deposits.first : deposits.last;
  if (!deposit || deposit.postedAt < row.starts_at) return null;
  if (deposit.memberNetMinor < BigInt(rule.minDepositMinor)) return null;
  return deposit;
};

/**
 * The most a claim may still pay under the activity's budget (receivers and total), at most
 * `amount`; PROMOTION_BUDGET_SPENT when nothing is left. The caller holds the activity's lock.
 */
export const withinBudget = async (
  tx: Db,
  promotionId: number,
  budget: { budgetTotalMinor: string | null; budgetReceivers: number | null },
  amount: bigint,
): Promise<bigint> => {
  const paid = await grants.sumPromotionGrants(tx, promotionId);
  if (budget.budgetReceivers !== null && paid.receivers >= budget.budgetReceivers)
    throw new AppError('PROMOTION_BUDGET_SPENT');
  const left =
    budget.budgetTotalMinor === null
      ? amount
      : minOf(amount, BigInt(budget.budgetTotalMinor) - paid.totalMinor);
  if (left <= 0n) throw new AppError('PROMOTION_BUDGET_SPENT');
  return left;
};

/**
 * The terms a grant copies from its rule when it opens (a later edit of the activity never
 * changes a running grant): the category weights, the withdrawal rule, the largest bet, and
 * the expiry `validDays` from `now`.
 */
export const grantTerms = (
  rule: Pick<
    BonusRule,
    'contributionPercent' | 'forfeitOnWithdrawal' | 'maxBetMinor' | 'validDays'
  >,
  now: Date,
) => ({
  contribution: rule.contributionPercent,
  forfeitOnWithdrawal: rule.forfeitOnWithdrawal,
  maxBetMinor: rule.maxBetMinor === null ? null : BigInt(rule.maxBetMinor),
  grantedAt: now,
  expiresAt: new Date(now.getTime() + rule.validDays * DAY_MS),
});

/**
 * Opens a grant and pays its bonus from the house's promotion account: into the member's bonus
 * account while there is wagering to do, to the main wallet at once when there is none.
 */
export const openGrant = async (
  tx: Db,
  ctx: BonusContext,
  grant: grants.NewGrant,
): Promise<BonusGrant> => {
  const grantId = await grants.insertGrant(tx, grant);
  const house = await getOrCreateHouseAccount(tx, ctx.merchantId, { kind: 'promotion' });
  const to = await getOrCreateMemberAccount(tx, ctx.merchantId, ctx.memberId, {
    kind: grant.wageringRequiredMinor === 0n ? 'main' : 'bonus',
  });
  await postTransfer(
    tx,
    {
      merchantId: ctx.merchantId,
      type: 'bonus',
      idempotencyKey: `bonus-grant:${grantId}`,
      reference: `promotion:${grant.promotionId}`,
      entries: moveEntries(house.id, to.id, grant.bonusMinor),
    },
    { events: ctx.events, now: ctx.now },
  );
  return toGrant(await grants.getGrant(tx, grantId));
};

/**
 * Pays a deposit bonus (issue 24 items 2 and 3), in the claim's transaction with the activity
 * locked: checks the period, the audience, the qualifying deposit, that it was not paid for
 * yet and the budget, then credits the bonus to the member's bonus account and opens the grant.
 */
export const payDepositBonus = async (
  tx: Db,
  ctx: BonusContext,
  row: PromotionRow,
): Promise<BonusGrant> => {
  const rule = row.bonus_rule;
  if (!DEPOSIT_BONUS_KINDS.includes(row.kind) || !rule) throw new AppError('BONUS_NOT_ELIGIBLE');
  assertOpenTo(row, ctx.now);
  const promotionId = Number(row.id);
  const deposit = qualifyingDeposit(await findMemberDeposits({ ...ctx, db: tx }), row, rule);
  if (!deposit) throw new AppError('BONUS_NOT_ELIGIBLE');
  if (await grants.hasGrant(tx, promotionId, ctx.memberId, deposit.transferId))
    throw new AppError('PROMOTION_ALREADY_CLAIMED');

  const bonusMinor = await withinBudget(
    tx,
    promotionId,
    rule,
    minOf((deposit.memberNetMinor * BigInt(rule.percent)) / 100n, BigInt(rule.capMinor)),
  );
  const basis = rule.wageringBasis === 'bonus' ? bonusMinor : bonusMinor + deposit.memberNetMinor;
  return openGrant(tx, ctx, {
    merchantId: ctx.merchantId,
    memberId: ctx.memberId,
    promotionId,
    paidFor: { depositTransferId: deposit.transferId },
    depositMinor: deposit.memberNetMinor,
    bonusMinor,
    wageringRequiredMinor: basis * BigInt(rule.wageringMultiplier),
    ...grantTerms(rule, ctx.now),
  });
};

/** Moves a closed grant's bonus: to the main wallet when met, back to the house otherwise. */
const settleGrant = async (
  tx: Db,
  ctx: BonusContext,
  grant: grants.GrantRow,
  outcome: { status: 'released' } | { status: 'forfeited'; reason: 'expired' | 'withdrawal' },
) => {
  const bonus = await getOrCreateMemberAccount(tx, ctx.merchantId, ctx.memberId, {
    kind: 'bonus',
  });
  const to =
    outcome.status === 'released'
      ? await getOrCreateMemberAccount(tx, ctx.merchantId, ctx.memberId, { kind: 'main' })
      : await getOrCreateHouseAccount(tx, ctx.merchantId, { kind: 'promotion' });
  await postTransfer(
    tx,
    {
      merchantId: ctx.merchantId,
      type: 'bonus',
      idempotencyKey: `bonus-${outcome.status === 'released' ? 'release' : 'forfeit'}:${grant.id}`,
      reference: `promotion:${grant.promotion_id}`,
      entries: moveEntries(bonus.id, to.id, BigInt(grant.bonus_minor)),
    },
    { events: ctx.events, now: ctx.now },
  );
  await grants.closeGrant(tx, Number(grant.id), outcome, ctx.now);
};

/**
 * Brings the member's open grants up to date, inside the caller's transaction: forfeits the
 * expired ones, counts the settled rounds not counted yet (each for the oldest open grant
 * granted before the round opened, weighted by its category's contribution) and releases
 * the grants whose requirement is met. Answers the grants still open. The grants are locked,
 * so two passes for one member take their turn and a round is counted once.
 */
const settleOpenGrants = async (tx: Db, ctx: BonusContext): Promise<grants.GrantRow[]> => {
  const locked = await grants.lockActiveGrants(tx, ctx.merchantId, ctx.memberId);
  const open: grants.GrantRow[] = [];
  for (const grant of locked) {
    if (grant.expires_at <= ctx.now)
      await settleGrant(tx, ctx, grant, { status: 'forfeited', reason: 'expired' });
    else open.push(grant);
  }
  const oldest = open[0];
  if (!oldest) return [];

  const rounds = await grants.findUncountedRounds(
    tx,
    ctx.merchantId,
    ctx.memberId,
    oldest.granted_at,
  );
  if (rounds.length === 0) return open;
  const placement = await placementOf(tx, ctx.merchantId);
  const wagered = new Map(open.map((grant) => [grant.id, BigInt(grant.wagered_minor)]));
  const isMet = (grant: grants.GrantRow) =>
    (wagered.get(grant.id) ?? 0n) >= BigInt(grant.wagering_required_minor);
  const wagers: grants.NewWager[] = [];
  for (const round of rounds) {
    const grant = open.find(
      (candidate) => candidate.granted_at <= round.opened_at && !isMet(candidate),
    );
    if (!grant) continue;
    const category = placement.categoryOf(round.vendor_code, round.game_code);
    const percent = BigInt((category && grant.contribution[category]) ?? 0);
    const stakeMinor = BigInt(round.stake_minor);
    const countedMinor = (stakeMinor * percent) / 100n;
    wagers.push({
      roundRef: Number(round.id),
      grantId: Number(grant.id),
      stakeMinor,
      countedMinor,
    });
    wagered.set(grant.id, (wagered.get(grant.id) ?? 0n) + countedMinor);
  }
  await grants.insertWagers(tx, wagers, ctx.now);
  const stillOpen: grants.GrantRow[] = [];
  for (const grant of open) {
    const total = wagered.get(grant.id) ?? 0n;
    if (total !== BigInt(grant.wagered_minor))
      await grants.updateGrantProgress(tx, Number(grant.id), total);
    if (isMet(grant)) await settleGrant(tx, ctx, grant, { status: 'released' });
    else stillOpen.push({ ...grant, wagered_minor: total.toString() });
  }
  return stillOpen;
};

/** The member's bonuses, after counting what was settled since the last look. */
export const findBonusGrants = async (ctx: BonusContext): Promise<BonusGrantList> => {
  await ctx.db.transaction((tx) => settleOpenGrants(tx, ctx));
  const rows = await grants.findMemberGrants(ctx.db, ctx.merchantId, ctx.memberId);
  const locked = rows
    .filter((row) => row.status === 'active')
    .reduce((sum, row) => sum + BigInt(row.bonus_minor), 0n);
  return { lockedMinor: locked.toString(), list: rows.map(toGrant) };
};

/** One wagering pass over every member of the merchant with an open grant (the job). */
export const settleMerchantBonuses = async (ctx: Omit<BonusContext, 'memberId'>): Promise<void> => {
  for (const memberId of await grants.findMembersWithActiveGrants(ctx.db, ctx.merchantId)) {
    await ctx.db.transaction((tx) => settleOpenGrants(tx, { ...ctx, memberId }));
  }
};

/**
 * Before a withdrawal, in its transaction (issue 24 item 3): counts the settled bets first,
 * then forfeits the open bonuses whose rule says so and refuses the withdrawal while any other
 * still has wagering to do.
 */
export const settleBonusesForWithdrawal = async (tx: Db, ctx: BonusContext): Promise<void> => {
  const open = await settleOpenGrants(tx, ctx);
  const blocking = open.filter((grant) => !grant.forfeit_on_withdrawal);
  if (blocking.length > 0) throw new AppError('BONUS_WAGERING_OPEN');
  for (const grant of open)
    await settleGrant(tx, ctx, grant, { status: 'forfeited', reason: 'withdrawal' });
};

/**
 * The largest bet each member may place now (issue 24 item 3): the smallest maximum of their
 * open bonuses, or null without one. Read with a bet's other checks, one statement per batch;
 * an expired grant not yet forfeited still limits until its pass, as the member was told.
 */
export const readBonusBetLimits = async (
  db: Db,
  target: { merchantId: number; memberIds: readonly number[] },
): Promise<(memberId: number) => bigint | null> => {
  const limits =
    target.memberIds.length === 0
      ? new Map<number, bigint>()
      : await grants.findBetLimits(db, target.merchantId, target.memberIds);
  return (memberId) => limits.get(memberId) ?? null;
};
