import type { BonusGrant } from '@lanna/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ProgressBar } from '@/components/ui/progress-bar';
import { moneyText, type CurrencyOf } from '@/lib/money';
import { formatDateTime } from '@/lib/time';
import { paidWithoutWagering, wageringPercent } from '../utils/bonus-text';
import { ContributionList } from './bonus-parts';
import styles from './bonus-grants.module.css';

type BonusGrantCardProps = { grant: BonusGrant; timeZone: string; currency: CurrencyOf };

/**
 * How a bonus reads: its status, or 'paid' for a reward that had nothing to wager and went
 * straight to the main wallet (never locked, so never 'released').
 */
const shownStatusOf = (grant: BonusGrant) => (paidWithoutWagering(grant) ? 'paid' : grant.status);

/** A bonus's status, with why a forfeited one was (its time ran out, or a withdrawal). */
const BonusStatusChip = ({ grant }: { grant: BonusGrant }) => {
  const { t } = useTranslation();
  const text =
    grant.status === 'forfeited' && grant.forfeitReason !== null
      ? t('bonuses.forfeitedBecause', { reason: t(`bonuses.forfeitReason.${grant.forfeitReason}`) })
      : t(`bonuses.status.${shownStatusOf(grant)}`);
  return (
    <span className={styles.status} data-status={grant.status} data-testid="bonus-status">
      {text}
    </span>
  );
};

/** Wagered out of required, as a bar a screen reader reads as '฿ 1.00 of ฿ 3.00 wagered'. */
const WageringProgress = ({ grant, currency }: Omit<BonusGrantCardProps, 'timeZone'>) => {
  const { t } = useTranslation();
  const percent = wageringPercent(grant.wageredMinor, grant.wageringRequiredMinor);
  const figures = {
    wagered: moneyText(currency, grant.wageredMinor),
    required: moneyText(currency, grant.wageringRequiredMinor),
  };
  const tone = { active: 'active', released: 'done', forfeited: 'void' } as const;
  return (
    <ProgressBar
      label={t('bonuses.wagering')}
      figures={t('bonuses.wageredOf', figures)}
      valueText={t('bonuses.progressText', { ...figures, percent })}
      percent={percent}
      tone={tone[grant.status]}
      testId="bonus-progress"
    />
  );
};

/**
 * One bonus of the member: its activity, what is locked (or was paid or taken back), what is
 * left to wager and until when, the wagering done, and which games count at what share. A
 * period reward came with no deposit, so it names none; one paid without wagering shows only
 * what was paid and when.
 */
export const BonusGrantCard = ({ grant, timeZone, currency }: BonusGrantCardProps) => {
  const { t } = useTranslation();
  const titleId = useId();
  const shown = shownStatusOf(grant);
  // An open bonus runs until it expires; a settled one shows when it was settled.
  const until = grant.status === 'active' ? grant.expiresAt : (grant.settledAt ?? grant.expiresAt);
  const claimedAt = formatDateTime(new Date(grant.grantedAt), timeZone);
  return (
    <article
      className={styles.grant}
      aria-labelledby={titleId}
      data-status={grant.status}
      data-testid={`bonus-grant-${grant.id}`}
    >
      <div className={styles.grantHead}>
        <h3 id={titleId} className={styles.grantTitle}>
          {grant.title}
        </h3>
        <BonusStatusChip grant={grant} />
      </div>
      <p className={styles.origin}>
        {BigInt(grant.depositMinor) === 0n
          ? t('bonuses.claimedOn', { date: claimedAt })
          : t('bonuses.origin', {
              deposit: moneyText(currency, grant.depositMinor),
              date: claimedAt,
            })}
      </p>
      <dl className={styles.figures}>
        <div>
          <dt>{t(`bonuses.amount.${shown}`)}</dt>
          <dd className={styles.figure} data-testid="bonus-amount">
            {moneyText(currency, grant.bonusMinor)}
          </dd>
        </div>
        {shown !== 'paid' && (
          <div>
            <dt>{t('bonuses.remaining')}</dt>
            <dd className={styles.figure} data-testid="bonus-remaining">
              {moneyText(currency, grant.remainingMinor)}
            </dd>
          </div>
        )}
        <div>
          <dt>{t(`bonuses.until.${shown}`)}</dt>
          <dd className={styles.figure}>
            <time dateTime={until} data-testid="bonus-until">
              {formatDateTime(new Date(until), timeZone)}
            </time>
          </dd>
        </div>
      </dl>
      {shown === 'paid' ? (
        <p className={styles.paidNote} data-testid="bonus-no-wagering">
          {t('bonuses.noWagering')}
        </p>
      ) : (
        <>
          <WageringProgress grant={grant} currency={currency} />
          <div className={styles.counts}>
            <span className={styles.countsLabel}>{t('promotions.bonus.gamesCounted')}</span>
            <ContributionList
              contributionPercent={grant.contributionPercent}
              testId="bonus-contributions"
            />
          </div>
        </>
      )}
    </article>
  );
};
