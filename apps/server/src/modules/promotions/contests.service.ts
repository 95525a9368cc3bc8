import {
  isContestKind,
  type BonusGrant,
  type BundledLanguage,
  type ContestLine,
  type ContestRule,
  type ContestStanding,
  type ContestState,
  type PromotionStatus,
} from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { toIso } from '../../shared/clock.ts';
import type { EventSink } from '../../shared/event-bus.ts';
import { escapeHtml } from '../../shared/html.ts';
import { placementOf } from '../games/index.ts';
import type { LedgerEvents } from '../ledger/index.ts';
import { maskWinnerName } from '../live/index.ts';
import { sendSystemMessage, type MessagesEvents } from '../messages/index.ts';
import { getMerchantBrand } from '../system/index.ts';
import { grantTerms, openGrant, type BonusContext } from './bonus-grants.service.ts';
import { hasPeriodGrant } from './bonus-grants.repository.ts';
import { seedHashOf } from './committed-seed.ts';
import { drawRaffle, rankEntrants, ticketsOf, type Entrant } from './contest-results.ts';
import * as repository from './contests.repository.ts';
import { getPromotion, type PromotionRow } from './promotions.repository.ts';

/** The grant's period key of a contest prize: one prize per member and contest. */
const PRIZE_KEY = 'contest';
/** How many places a ranking's board shows at least, prizes or not. */
const BOARD_PLACES = 10;
const DAY_MS = 86_400_000;

type Contest = { row: PromotionRow; rule: ContestRule; endsAt: Date };

/** The activity as a contest, or PROMOTION_NOT_FOUND for one that is no ranking or raffle. */
const contestOf = (row: PromotionRow | null): Contest => {
  if (!row || !isContestKind(row.kind) || !row.contest_rule || !row.ends_at)
    throw new AppError('PROMOTION_NOT_FOUND');
  return { row, rule: row.contest_rule, endsAt: row.ends_at };
};

type Standing = Entrant & { username: string; tickets: bigint };

/**
 * Each member's total in the contest (so far, while it runs): valid bets of the rule's
 * categories and, in a raffle, tickets. Unordered.
 */
const totalsOf = async (
  db: Db,
  contest: Contest,
  target: { merchantId: number; memberId: number | null },
): Promise<Standing[]> => {
  const { rule, row } = contest;
  const [rows, placement] = await Promise.all([
    repository.findContestBets(db, { ...target, promotionId: Number(row.id) }),
    placementOf(db, target.merchantId),
  ]);
  const counted = new Set(rule.categories);
  const byMember = new Map<string, Standing>();
  for (const bet of rows) {
    const category = placement.categoryOf(bet.vendor_code, bet.game_code);
    if (counted.size > 0 && (category === null || !counted.has(category))) continue;
    const was = byMember.get(bet.member_id);
    byMember.set(bet.member_id, {
      memberId: Number(bet.member_id),
      username: bet.username,
      validBetMinor: (was?.validBetMinor ?? 0n) + BigInt(bet.valid_bet),
      lastAt: was && was.lastAt > bet.last_at ? was.lastAt : bet.last_at,
      tickets: 0n,
    });
  }
  const ticket = rule.ticketMinor === null ? null : BigInt(rule.ticketMinor);
  return [...byMember.values()].map((standing) => ({
    ...standing,
    tickets:
      ticket === null
        ? 0n
        : ticketsOf(standing.validBetMinor, {
            ticketMinor: ticket,
            maxTicketsPerMember: rule.maxTicketsPerMember,
          }),
  }));
};

/** Whether a member's total takes part: at least the rule's minimum, and a ticket in a raffle. */
const takesPart = (rule: ContestRule, standing: Standing): boolean =>
  standing.validBetMinor > 0n &&
  standing.validBetMinor >= BigInt(rule.minValidBetMinor) &&
  (rule.ticketMinor === null || standing.tickets > 0n);

/** The members who take part in the contest (so far, while it runs), with their totals. */
const standingsOf = async (
  db: Db,
  contest: Contest,
  target: { merchantId: number; memberId: number | null },
): Promise<Standing[]> =>
  (await totalsOf(db, contest, target)).filter((standing) => takesPart(contest.rule, standing));

const prizeAt = (rule: ContestRule, place: number): bigint | null => {
  const prize = rule.prizesMinor[place - 1];
  return prize === undefined ? null : BigInt(prize);
};

/**
 * The entries a contest is decided with: a ranking's entrants in rank order, the prizes to the
 * first places; a raffle's entrants by member id (the order its tickets are numbered in), the
 * prizes to the entries drawn from its seed, in the order drawn.
 */
const decisionOf = (contest: Contest, standings: readonly Standing[]): repository.NewEntry[] => {
  const { row, rule } = contest;
  if (row.kind === 'turnover_ranking')
    return rankEntrants(standings).map((standing, index) => {
      const prize = prizeAt(rule, index + 1);
      return {
        memberId: standing.memberId,
        entry: index + 1,
        validBetMinor: standing.validBetMinor,
        tickets: 0n,
        place: prize === null ? null : index + 1,
        prizeMinor: prize,
      };
    });
  if (!row.seed) throw new Error(`raffle ${row.id} has no seed`);
  const entrants = [...standings].sort((a, b) => a.memberId - b.memberId);
  const winners = drawRaffle(
    row.seed,
    entrants.map((entrant) => entrant.tickets),
    rule.prizesMinor.length,
  );
  const placeOf = new Map(winners.map((index, order) => [index, order + 1]));
  return entrants.map((entrant, index) => {
    const place = placeOf.get(index) ?? null;
    return {
      memberId: entrant.memberId,
      entry: index + 1,
      validBetMinor: entrant.validBetMinor,
      tickets: entrant.tickets,
      place,
      prizeMinor: place === null ? null : prizeAt(rule, place),
    };
  });
};

type Events = EventSink<LedgerEvents & MessagesEvents>;

const WINNER_TEXTS: Record<
  BundledLanguage,
  { title: string; body: (title: string, place: number, days: number) => string }
> = {
  EN: {
    title: 'You won a prize',
    body: (title, place, days) =>
      `You took place ${place} in “${title}”. Claim your prize in the promotions centre within ${days} days.`,
  },
  CN: {
    title: '恭喜您获奖',
    body: (title, place, days) =>
      `您在“${title}”中获得第 ${place} 名。请在 ${days} 天内到优惠中心领取奖品。`,
  },
  TH: {
    title: 'คุณได้รับรางวัล',
    body: (title, place, days) =>
      `คุณได้อันดับ ${place} ใน “${title}” รับรางวัลของคุณที่ศูนย์โปรโมชั่นภายใน ${days} วัน`,
  },
  KM: {
    title: 'អ្នកបានឈ្នះរង្វាន់',
    body: (title, place, days) =>
      `អ្នកទទួលបានលំដាប់ទី ${place} ក្នុង “${title}”។ សូមទទួលរង្វាន់របស់អ្នកនៅមជ្ឈមណ្ឌលប្រូម៉ូសិនក្នុងរយៈពេល ${days} ថ្ងៃ។`,
  },
};

/**
 * Decides a contest that has ended (issue 24 item 2; decision 024): its entries, places and
 * prizes written once, in one transaction with the activity locked, and each winner told by
 * a platform message. A contest decided already, or not ended, is left as it is; so repeated
 * and overlapping passes decide each contest once.
 */
export const decideContest = (
  ctx: { db: Db; now: Date; events?: Events },
  target: { merchantId: number; promotionId: number },
): Promise<void> =>
  ctx.db.transaction(async (tx) => {
    const lock = await repository.lockContest(tx, target.promotionId);
    if (!lock || lock.decided_at !== null) return;
    const contest = contestOf(await getPromotion(tx, target.merchantId, target.promotionId));
    if (contest.endsAt > ctx.now) return;
    const standings = await standingsOf(tx, contest, {
      merchantId: target.merchantId,
      memberId: null,
    });
    const entries = decisionOf(contest, standings);
    await repository.insertDecision(tx, target.promotionId, entries, ctx.now);
    const texts = WINNER_TEXTS[(await getMerchantBrand(tx, target.merchantId)).defaultLanguage];
    for (const entry of entries) {
      if (entry.place === null) continue;
      await sendSystemMessage(
        tx,
        {
          merchantId: target.merchantId,
          memberId: entry.memberId,
          title: texts.title,
          content: `<p>${escapeHtml(texts.body(contest.row.title, entry.place, contest.rule.claimDays))}</p>`,
          now: ctx.now,
        },
        ctx.events,
      );
    }
  });

/** Decides every contest that has ended and waits for it (the job's pass). */
export const decideEndedContests = async (ctx: {
  db: Db;
  now: Date;
  events?: Events;
}): Promise<void> => {
  for (const contest of await repository.findUndecidedContests(ctx.db, ctx.now))
    await decideContest(ctx, { merchantId: contest.merchant_id, promotionId: Number(contest.id) });
};

const lineOf = (
  standing: { username: string; validBetMinor: bigint; tickets: bigint },
  place: number,
  prizeMinor: bigint | null,
): ContestLine => ({
  place,
  account: maskWinnerName(standing.username),
  validBetMinor: standing.validBetMinor.toString(),
  tickets: Number(standing.tickets),
  prizeMinor: prizeMinor?.toString() ?? null,
});

const entryStanding = (entry: repository.EntryRow) => ({
  username: entry.username,
  validBetMinor: BigInt(entry.valid_bet_minor),
  tickets: BigInt(entry.tickets),
});

/**
 * What anyone may know of a contest: a ranking's board (live while it runs, final once
 * decided); a raffle's entrants, tickets and seed hash, and once drawn its winners, seed and
 * every entry, so anyone can run the draw again.
 */
export const getContestState = async (
  ctx: { db: Db; merchantId: number; now: Date },
  promotionId: number,
): Promise<ContestState> => {
  const contest = contestOf(await getPromotion(ctx.db, ctx.merchantId, promotionId));
  const { row, rule } = contest;
  const raffle = row.kind === 'raffle';
  const places = Math.max(rule.prizesMinor.length, BOARD_PLACES);
  const common = {
    promotionId,
    kind: raffle ? ('raffle' as const) : ('turnover_ranking' as const),
    endsAt: toIso(contest.endsAt),
    seedHash: raffle && row.seed ? seedHashOf(row.seed) : null,
  };
  if (row.decided_at === null) {
    const standings = await standingsOf(ctx.db, contest, {
      merchantId: ctx.merchantId,
      memberId: null,
    });
    return {
      ...common,
      decided: false,
      entrants: standings.length,
      tickets: Number(standings.reduce((sum, standing) => sum + standing.tickets, 0n)),
      board: raffle
        ? []
        : rankEntrants(standings)
            .slice(0, places)
            .map((standing, index) => lineOf(standing, index + 1, prizeAt(rule, index + 1))),
      seed: null,
      entries: null,
    };
  }
  const entries = await repository.findEntries(ctx.db, promotionId);
  const winners = entries
    .filter((entry) => entry.place !== null)
    .sort((a, b) => (a.place ?? 0) - (b.place ?? 0));
  const board = raffle
    ? winners.map((entry) =>
        lineOf(entryStanding(entry), entry.place ?? 0, BigInt(entry.prize_minor ?? 0)),
      )
    : entries
        .slice(0, places)
        .map((entry) =>
          lineOf(
            entryStanding(entry),
            entry.entry,
            entry.prize_minor === null ? null : BigInt(entry.prize_minor),
          ),
        );
  return {
    ...common,
    decided: true,
    entrants: entries.length,
    tickets: Number(entries.reduce((sum, entry) => sum + BigInt(entry.tickets), 0n)),
    board,
    seed: raffle ? row.seed : null,
    entries: raffle
      ? entries.map((entry) => ({
          entry: entry.entry,
          account: maskWinnerName(entry.username),
          tickets: Number(entry.tickets),
        }))
      : null,
  };
};

type Member = Pick<BonusContext, 'db' | 'merchantId' | 'memberId' | 'now'>;

/**
 * The member's own standing: while the contest runs, its valid bet, tickets and (ranking)
 * live place; once decided, its entry's place and prize and whether it claimed it.
 */
const standingOf = async (ctx: Member, contest: Contest): Promise<ContestStanding> => {
  const promotionId = Number(contest.row.id);
  if (contest.row.decided_at !== null) {
    const entry = await repository.findEntry(ctx.db, promotionId, ctx.memberId);
    return {
      promotionId,
      validBetMinor: entry?.valid_bet_minor ?? '0',
      tickets: Number(entry?.tickets ?? 0),
      place:
        entry?.place ?? (entry && contest.row.kind === 'turnover_ranking' ? entry.entry : null),
      prizeMinor: entry?.prize_minor ?? null,
      claimed: await hasPeriodGrant(ctx.db, promotionId, ctx.memberId, PRIZE_KEY),
    };
  }
  const ranking = contest.row.kind === 'turnover_ranking';
  // A ranking's place needs everyone's totals, and that one read holds the member's own too.
  const totals = await totalsOf(ctx.db, contest, {
    merchantId: ctx.merchantId,
    memberId: ranking ? null : ctx.memberId,
  });
  // The member's own totals show even below the minimum or short of a ticket.
  const own = totals.find((standing) => standing.memberId === ctx.memberId);
  let place: number | null = null;
  if (ranking && own && takesPart(contest.rule, own)) {
    const entrants = rankEntrants(totals.filter((standing) => takesPart(contest.rule, standing)));
    place = entrants.findIndex((standing) => standing.memberId === ctx.memberId) + 1 || null;
  }
  return {
    promotionId,
    validBetMinor: (own?.validBetMinor ?? 0n).toString(),
    tickets: Number(own?.tickets ?? 0n),
    place,
    prizeMinor: place === null ? null : (prizeAt(contest.rule, place)?.toString() ?? null),
    claimed: false,
  };
};

export const getContestStanding = async (ctx: Member, promotionId: number) =>
  standingOf(ctx, contestOf(await getPromotion(ctx.db, ctx.merchantId, promotionId)));

/**
 * A member's status of a contest in its audience: join or joined (counted) while it runs;
 * process once ended until decided; then claim or claimed for a winner, close for the others.
 */
export const contestStatusOf = async (ctx: Member, row: PromotionRow): Promise<PromotionStatus> => {
  const contest = contestOf(row);
  const promotionId = Number(row.id);
  if (contest.endsAt > ctx.now) {
    const target = { merchantId: ctx.merchantId, memberId: ctx.memberId };
    return (await standingsOf(ctx.db, contest, target)).length > 0 ? 'joined' : 'join';
  }
  if (row.decided_at === null) return 'process';
  const entry = await repository.findEntry(ctx.db, promotionId, ctx.memberId);
  if (entry?.prize_minor == null) return 'close';
  return (await hasPeriodGrant(ctx.db, promotionId, ctx.memberId, PRIZE_KEY)) ? 'claimed' : 'claim';
};

/**
 * Pays a decided contest's prize to its winner (the raffle promotion claim of spec section 7),
 * in the claim's transaction with the activity locked: once, within the days to claim, as a
 * grant (the rule's wagering, or straight to the main wallet without any).
 */
export const payContestPrize = async (
  tx: Db,
  ctx: BonusContext,
  row: PromotionRow,
): Promise<BonusGrant> => {
  const contest = contestOf(row);
  if (row.decided_at === null) throw new AppError('CONTEST_NOT_DECIDED');
  if (ctx.now.getTime() >= contest.endsAt.getTime() + contest.rule.claimDays * DAY_MS)
    throw new AppError('PROMOTION_CLOSED');
  const promotionId = Number(row.id);
  const entry = await repository.findEntry(tx, promotionId, ctx.memberId);
  if (entry?.prize_minor == null) throw new AppError('BONUS_NOT_ELIGIBLE');
  if (await hasPeriodGrant(tx, promotionId, ctx.memberId, PRIZE_KEY))
    throw new AppError('PROMOTION_ALREADY_CLAIMED');
  const prize = BigInt(entry.prize_minor);
  return openGrant(tx, ctx, {
    merchantId: ctx.merchantId,
    memberId: ctx.memberId,
    promotionId,
    paidFor: { periodKey: PRIZE_KEY },
    depositMinor: 0n,
    bonusMinor: prize,
    wageringRequiredMinor: prize * BigInt(contest.rule.wageringMultiplier),
    ...grantTerms(contest.rule, ctx.now),
  });
};
