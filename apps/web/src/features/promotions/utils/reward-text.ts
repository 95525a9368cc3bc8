import type { RewardRule } from '@lanna/contract';
import type { TFunction } from 'i18next';
import { moneyText, type CurrencyOf } from '@/lib/money';

/** Between the parts of a terms line, as in a deposit bonus's ('… · wager 10× bonus · 30 days'). */
const PART_SEPARATOR = ' · ';

/**
 * What the member must do in the period the reward is judged by: deposit, bet, or both, at
 * least the rule's amounts; null when the rule asks for neither.
 */
const conditionText = (t: TFunction, rule: RewardRule, currency: CurrencyOf): string | null => {
  const deposit = BigInt(rule.minDepositMinor) > 0n;
  const bet = BigInt(rule.minValidBetMinor) > 0n;
  const figures = {
    deposit: moneyText(currency, rule.minDepositMinor),
    bet: moneyText(currency, rule.minValidBetMinor),
  };
  if (deposit && bet) return t('promotions.reward.condition.both', figures);
  if (deposit) return t('promotions.reward.condition.deposit', figures);
  if (bet) return t('promotions.reward.condition.bet', figures);
  return null;
};

/**
 * What a claim pays and when, with the condition in the sentence ('฿ 50.00 each day you deposit
 * ฿ 100.00 or more'). A loss rebate pays back the period before the current one, so its words
 * name yesterday or last week.
 */
const paysText = (t: TFunction, rule: RewardRule, currency: CurrencyOf): string => {
  const condition = conditionText(t, rule, currency);
  const key = `promotions.reward.pays.${rule.amount.type}.${rule.period}${condition === null ? '' : 'If'}`;
  const figures =
    rule.amount.type === 'fixed'
      ? { amount: moneyText(currency, rule.amount.minor) }
      : { percent: rule.amount.percent, cap: moneyText(currency, rule.amount.capMinor) };
  return t(key, { ...figures, condition });
};

/**
 * A period reward's terms in one line: what it pays and on what condition, then its wagering
 * ('2× wagering, 7 days', or 'no wagering' for a reward paid straight to the main wallet) and,
 * while there is wagering to do, the largest bet allowed. Without wagering the grant is settled
 * at once, so a largest bet would limit nothing and is not shown.
 */
export const rewardTermsText = (t: TFunction, rule: RewardRule, currency: CurrencyOf): string => {
  const parts = [paysText(t, rule, currency)];
  if (rule.wageringMultiplier === 0) {
    parts.push(t('promotions.reward.noWagering'));
  } else {
    parts.push(
      t('promotions.reward.wagering', {
        multiplier: rule.wageringMultiplier,
        count: rule.validDays,
      }),
    );
    if (rule.maxBetMinor !== null)
      parts.push(t('promotions.reward.maxBet', { amount: moneyText(currency, rule.maxBetMinor) }));
  }
  return parts.join(PART_SEPARATOR);
};
