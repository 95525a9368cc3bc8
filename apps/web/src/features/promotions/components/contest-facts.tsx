import type { ContestRule } from '@lanna/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { moneyText, type CurrencyOf } from '@/lib/money';
import { formatDateTime } from '@/lib/time';
import {
  claimByText,
  countedGamesText,
  poolText,
  prizeRanges,
  ticketLimitText,
  ticketPriceText,
} from '../utils/contest-text';
import styles from './promotions.module.css';

type ContestFactsProps = {
  rule: ContestRule;
  endsAt: string;
  timeZone: string;
  currency: CurrencyOf;
};

/** A fact of the dialog: a term and its value. */
const Fact = ({ term, children }: { term: string; children: ReactNode }) => (
  <div className={styles.fact}>
    <dt>{term}</dt>
    <dd>{children}</dd>
  </div>
);

/**
 * A ranking's or a raffle's rule as facts of the dialog: the pool and each place's prize, the
 * end and the days to claim after it, a raffle's ticket price and limit, the valid bet needed to
 * take part, the games that count, and how a prize is paid (at once, or with wagering).
 */
export const ContestFacts = ({ rule, endsAt, timeZone, currency }: ContestFactsProps) => {
  const { t } = useTranslation();
  const ticketPrice = ticketPriceText(t, rule, currency);
  return (
    <>
      <Fact term={t('promotions.contest.pool')}>{poolText(t, rule, currency)}</Fact>
      <Fact term={t('promotions.contest.prizes')}>
        <ol className={styles.chips} data-testid="contest-prizes">
          {prizeRanges(rule).map(({ from, to, prizeMinor }) => (
            <li key={from} className={styles.chip}>
              {t(from === to ? 'promotions.contest.prizeAt' : 'promotions.contest.prizesAt', {
                place: from,
                from,
                to,
                amount: moneyText(currency, prizeMinor),
              })}
            </li>
          ))}
        </ol>
      </Fact>
      <Fact term={t('promotions.contest.ends')}>{formatDateTime(new Date(endsAt), timeZone)}</Fact>
      <Fact term={t('promotions.contest.claimTime')}>
        {t('promotions.contest.claimTimeValue', {
          count: rule.claimDays,
          time: claimByText(endsAt, rule, timeZone),
        })}
      </Fact>
      {ticketPrice !== null && (
        <>
          <Fact term={t('promotions.contest.ticketPrice')}>{ticketPrice}</Fact>
          <Fact term={t('promotions.contest.ticketLimit')}>{ticketLimitText(t, rule)}</Fact>
        </>
      )}
      {BigInt(rule.minValidBetMinor) > 0n && (
        <Fact term={t('promotions.contest.minValidBet')}>
          {t('promotions.contest.minValidBetValue', {
            amount: moneyText(currency, rule.minValidBetMinor),
          })}
        </Fact>
      )}
      <Fact term={t('promotions.bonus.gamesCounted')}>{countedGamesText(t, rule.categories)}</Fact>
      <Fact term={t('promotions.contest.prizePaid')}>
        {rule.wageringMultiplier === 0
          ? t('promotions.contest.prizeCash')
          : t('promotions.contest.prizeBonus', {
              wagering: t('promotions.reward.wagering', {
                multiplier: rule.wageringMultiplier,
                count: rule.validDays,
              }),
            })}
      </Fact>
    </>
  );
};
