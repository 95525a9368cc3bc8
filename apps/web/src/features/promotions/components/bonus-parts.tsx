import type { BonusRule } from '@lanna/contract';
import { useTranslation } from 'react-i18next';
import { contributionsOf } from '../utils/bonus-text';
import styles from './promotions.module.css';

type ContributionListProps = {
  contributionPercent: BonusRule['contributionPercent'];
  testId?: string;
};

/**
 * The game categories whose bets count toward a bonus's wagering, each with the share of a bet
 * that counts ('Slots 100%', 'Live casino 10%'); 'no game counts' when the rule lists none.
 */
export const ContributionList = ({ contributionPercent, testId }: ContributionListProps) => {
  const { t } = useTranslation();
  const contributions = contributionsOf(contributionPercent);
  if (contributions.length === 0) {
    return (
      <p className={styles.hint} data-testid={testId}>
        {t('promotions.bonus.noGameCounts')}
      </p>
    );
  }
  return (
    <ul className={styles.chips} data-testid={testId}>
      {contributions.map(({ category, percent }) => (
        <li key={category} className={styles.chip}>
          {t('promotions.bonus.contribution', { category: t(`categories.${category}`), percent })}
        </li>
      ))}
    </ul>
  );
};
