import {
  GAME_CATEGORIES,
  type BonusGrant,
  type BonusRule,
  type GameCategory,
} from '@lanna/contract';
import type { TFunction } from 'i18next';
import { moneyText, type CurrencyOf } from '@/lib/money';

/**
 * A deposit bonus's terms in one line: what it pays, the wagering it asks and for how long, and
 * the largest bet while it is open ('100% up to ฿ 5,000.00 · wager 10× bonus + deposit · 30 days
 * · max bet ฿ 500.00'): a bet above it is refused, so the member reads it before claiming.
 */
export const bonusTermsText = (t: TFunction, rule: BonusRule, currency: CurrencyOf): string => {
  const terms = t('promotions.bonus.terms', {
    percent: rule.percent,
    cap: moneyText(currency, rule.capMinor),
    multiplier: rule.wageringMultiplier,
    basis: t(`promotions.bonus.basis.${rule.wageringBasis}`),
    count: rule.validDays,
  });
  if (rule.maxBetMinor === null) return terms;
  return `${terms} · ${t('promotions.reward.maxBet', { amount: moneyText(currency, rule.maxBetMinor) })}`;
};

/** A game category that counts toward the wagering, with how much of each bet does. */
export type Contribution = { category: GameCategory; percent: number };

/**
 * The categories whose bets count, in the menu's order; a category the rule leaves out (or puts
 * at 0%) counts nothing and is not listed.
 */
export const contributionsOf = (
  contributionPercent: BonusRule['contributionPercent'],
): Contribution[] =>
  GAME_CATEGORIES.flatMap((category) => {
    const percent = contributionPercent[category] ?? 0;
    return percent > 0 ? [{ category, percent }] : [];
  });

/**
 * How much of a bonus's wagering is done, in whole percent (rounded down, so 100 means done):
 * worked out on the minor units, never through floating point. Nothing to wager is done.
 */
export const wageringPercent = (wageredMinor: string, requiredMinor: string): number => {
  const required = BigInt(requiredMinor);
  if (required <= 0n) return 100;
  const percent = (BigInt(wageredMinor) * 100n) / required;
  return Number(percent > 100n ? 100n : percent);
};

/**
 * Where a claimed bonus went: straight to the main wallet (a reward without wagering, released
 * at once), or into the bonus balance until its wagering is done.
 */
export const claimedText = (t: TFunction, grant: BonusGrant, currency: CurrencyOf): string =>
  grant.status === 'released'
    ? t('promotions.claim.paid', { amount: moneyText(currency, grant.bonusMinor) })
    : t('promotions.claim.locked', {
        amount: moneyText(currency, grant.bonusMinor),
        required: moneyText(currency, grant.wageringRequiredMinor),
      });

/** A bonus paid without wagering (a period reward with none): nothing was ever locked. */
export const paidWithoutWagering = (grant: BonusGrant): boolean =>
  grant.status === 'released' && BigInt(grant.wageringRequiredMinor) === 0n;
