import { MONEY_TASKS, type Mission, type MissionRule } from '@lanna/contract';
import type { TFunction } from 'i18next';
import { moneyText, type CurrencyOf } from '@/lib/money';
import { formatDateTime } from '@/lib/time';

/** Between the parts of a reward line, as in a bonus's terms ('Reward ฿ 10.00 · wager 5×'). */
const PART_SEPARATOR = ' · ';

/** Whether a task counts money (minor units) rather than times. */
const countsMoney = (rule: MissionRule): boolean => MONEY_TASKS.includes(rule.task);

/**
 * An amount of a task in its own unit: money for a deposit or a valid bet ('฿ 300.00'), a plain
 * count for the others ('2').
 */
const taskAmountText = (rule: MissionRule, amount: string, currency: CurrencyOf): string =>
  countsMoney(rule) ? moneyText(currency, amount) : BigInt(amount).toString();

/** The game categories a round task counts, in the rule's order ('Slots, Fishing'). */
const categoriesText = (t: TFunction, rule: MissionRule): string =>
  rule.categories.map((category) => t(`categories.${category}`)).join(t('missions.listSeparator'));

/**
 * What a mission asks, in words ('Deposit ฿ 1,000.00', 'Win 3 rounds on Slots, Fishing'); a
 * valid bet or wins task narrowed to some categories names them.
 */
export const missionTaskText = (t: TFunction, rule: MissionRule, currency: CurrencyOf): string => {
  const figures = countsMoney(rule)
    ? { amount: moneyText(currency, rule.target) }
    : { count: Number(rule.target) };
  const narrowed = rule.categories.length > 0;
  const key = `missions.task.${rule.task}${narrowed ? 'In' : ''}`;
  return t(key, { ...figures, categories: narrowed ? categoriesText(t, rule) : undefined });
};

/**
 * How much of the target is done, in whole percent (rounded down, so 100 means reached), worked
 * out on the minor units and capped at 100, so a bar never overflows.
 */
export const missionPercent = (progress: string, target: string): number => {
  const goal = BigInt(target);
  if (goal <= 0n) return 100;
  const percent = (BigInt(progress) * 100n) / goal;
  return Number(percent > 100n ? 100n : percent < 0n ? 0n : percent);
};

/** Progress out of the target in the task's unit ('฿ 300.00 of ฿ 1,000.00', '2 of 5'). */
export const missionProgressText = (
  t: TFunction,
  mission: Pick<Mission, 'rule' | 'progress'>,
  currency: CurrencyOf,
): string => {
  const { rule } = mission;
  // The server caps progress at the target; a bar and its words never read more either way.
  const done = BigInt(mission.progress) > BigInt(rule.target) ? rule.target : mission.progress;
  return t('missions.progressOf', {
    done: taskAmountText(rule, done, currency),
    target: taskAmountText(rule, rule.target, currency),
  });
};

/** What a claim pays, with the wagering it asks when there is any ('Reward ฿ 10.00 · wager 5×'). */
export const missionRewardText = (
  t: TFunction,
  rule: MissionRule,
  currency: CurrencyOf,
): string => {
  const parts = [t('missions.reward', { amount: moneyText(currency, rule.rewardMinor) })];
  if (rule.wageringMultiplier > 0)
    parts.push(t('missions.wagering', { multiplier: rule.wageringMultiplier }));
  return parts.join(PART_SEPARATOR);
};

/**
 * When a daily or weekly mission opens again (the end of its period), in the merchant's zone
 * ('Starts again at 2026/03/03 00:00'). A one-time mission has no next period, so no end.
 */
export const missionRestartText = (t: TFunction, periodEndsAt: string, timeZone: string): string =>
  t('missions.startsAgain', { time: formatDateTime(new Date(periodEndsAt), timeZone) });
