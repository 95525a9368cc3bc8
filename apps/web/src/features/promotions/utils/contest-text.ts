import type { ContestRule, GameCategory } from '@lanna/contract';
import type { TFunction } from 'i18next';
import { moneyText, type CurrencyOf } from '@/lib/money';
import { formatDateTime } from '@/lib/time';

const DAY_MS = 86_400_000;

/** A contest's prize pool: every place's prize added up, in minor units (never as a float). */
export const prizePoolMinor = (rule: Pick<ContestRule, 'prizesMinor'>): string =>
  rule.prizesMinor.reduce((sum, prize) => sum + BigInt(prize), 0n).toString();

/** Consecutive places with the same prize, as one range (places 4 to 10: ฿10,000.00 each). */
export const prizeRanges = (
  rule: Pick<ContestRule, 'prizesMinor'>,
): { from: number; to: number; prizeMinor: string }[] => {
  const ranges: { from: number; to: number; prizeMinor: string }[] = [];
  rule.prizesMinor.forEach((prizeMinor, index) => {
    const last = ranges.at(-1);
    if (last && last.prizeMinor === prizeMinor) last.to = index + 1;
    else ranges.push({ from: index + 1, to: index + 1, prizeMinor });
  });
  return ranges;
};

/** The pool and how many prizes share it ('฿ 10,000.00 in 3 prizes'). */
export const poolText = (t: TFunction, rule: ContestRule, currency: CurrencyOf): string =>
  t('promotions.contest.poolOf', {
    pool: moneyText(currency, prizePoolMinor(rule)),
    count: rule.prizesMinor.length,
  });

/** The game categories whose bets count, by name; an empty list counts every game. */
export const countedGamesText = (t: TFunction, categories: readonly GameCategory[]): string =>
  categories.length === 0
    ? t('promotions.contest.allGames')
    : categories.map((category) => t(`categories.${category}`)).join(', ');

/** A raffle's ticket price in valid bet; null for a ranking, which has no tickets. */
export const ticketPriceText = (
  t: TFunction,
  rule: ContestRule,
  currency: CurrencyOf,
): string | null =>
  rule.ticketMinor === null
    ? null
    : t('promotions.contest.ticketPriceValue', { amount: moneyText(currency, rule.ticketMinor) });

/** The most tickets one member holds, or that there is no limit. */
export const ticketLimitText = (t: TFunction, rule: ContestRule): string =>
  rule.maxTicketsPerMember === null
    ? t('promotions.contest.noTicketLimit')
    : t('promotions.contest.ticketLimitValue', { count: rule.maxTicketsPerMember });

/** The last moment a winner may claim: the end plus the rule's days to claim. */
export const claimByText = (endsAt: string, rule: ContestRule, timeZone: string): string =>
  formatDateTime(new Date(Date.parse(endsAt) + rule.claimDays * DAY_MS), timeZone);

/**
 * A contest's terms in one line for its card: the pool and prizes, the end in the merchant's
 * zone, the days to claim, a raffle's ticket price and limit, and the games that count
 * ('฿ 10,000.00 in 3 prizes · ends 2026/03/31 23:59 · claim within 7 days of the end · Slots').
 */
export const contestTermsText = (
  t: TFunction,
  contest: { rule: ContestRule; endsAt: string },
  timeZone: string,
  currency: CurrencyOf,
): string => {
  const { rule, endsAt } = contest;
  const ticketPrice = ticketPriceText(t, rule, currency);
  return [
    poolText(t, rule, currency),
    t('promotions.contest.endsAt', { time: formatDateTime(new Date(endsAt), timeZone) }),
    t('promotions.contest.claimWithin', { count: rule.claimDays }),
    ...(ticketPrice === null ? [] : [ticketPrice, ticketLimitText(t, rule)]),
    countedGamesText(t, rule.categories),
  ].join(' · ');
};
