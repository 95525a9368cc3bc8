import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RecordsView } from '@/components/ui/records-view';
import { promotionsPath } from '@/config/paths';
import { moneyText, type CurrencyOf } from '@/lib/money';
import { useBonusGrants } from '../api/find-bonus-grants';
import { BonusGrantCard } from './bonus-grant-card';
import { ListSkeleton } from './list-skeleton';
import styles from './bonus-grants.module.css';

/** Bonuses standing in for the list while its first answer loads. */
const SKELETON_GRANTS = 2;

type BonusGrantsProps = {
  token: string;
  timeZone: string;
  /** The merchant's: every amount of a bonus is in it. */
  currency: CurrencyOf;
};

/**
 * My bonuses (issue 24 item 3): the total still locked, then each bonus with its wagering
 * progress, open ones first. Read again whenever it is shown and every 15 s while a bonus is
 * being wagered, since the server counts the bets settled since the last look on each read.
 */
export const BonusGrants = ({ token, timeZone, currency }: BonusGrantsProps) => {
  const { t } = useTranslation();
  const headingId = useId();
  const grants = useBonusGrants(token);
  return (
    <section className={styles.section} aria-labelledby={headingId} data-testid="my-bonuses">
      <h2 id={headingId} className={styles.heading}>
        {t('bonuses.title')}
      </h2>
      <RecordsView
        query={grants}
        testId="my-bonuses"
        isEmpty={(value) => value.list.length === 0}
        emptyIcon="gift"
        emptyMessage={t('bonuses.empty')}
        emptyAction={
          <Link to={promotionsPath('all')} className="btn btn--secondary">
            {t('bonuses.browse')}
          </Link>
        }
        skeleton={<ListSkeleton count={SKELETON_GRANTS} />}
      >
        {(value) => (
          <>
            <div className={styles.total}>
              <p className={styles.totalLabel}>{t('bonuses.lockedTotal')}</p>
              <p className={styles.totalAmount} data-testid="bonus-locked-total">
                {moneyText(currency, value.lockedMinor)}
              </p>
              <p className={styles.totalNote}>{t('bonuses.lockedNote')}</p>
            </div>
            <ul className={styles.list}>
              {value.list.map((grant) => (
                <li key={grant.id}>
                  <BonusGrantCard grant={grant} timeZone={timeZone} currency={currency} />
                </li>
              ))}
            </ul>
          </>
        )}
      </RecordsView>
    </section>
  );
};
