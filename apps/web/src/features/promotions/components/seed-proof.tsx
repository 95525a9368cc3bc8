import { useTranslation } from 'react-i18next';
import styles from './promotions.module.css';

type SeedProofProps = {
  seedHash: string | null;
  seed: string | null;
  /** Test ids read `${testIdPrefix}-seed-hash` and `${testIdPrefix}-seed`. */
  testIdPrefix: string;
};

/**
 * The commit and reveal of an activity's seed (a red envelope's split, a raffle's draw;
 * decisions 022 and 024), as two entries of a description list: the hash published from the
 * start, and the seed once it may be known.
 */
export const SeedProof = ({ seedHash, seed, testIdPrefix }: SeedProofProps) => {
  const { t } = useTranslation();
  return (
    <>
      {seedHash !== null && (
        <div>
          <dt>{t('promotions.envelope.fair.seedHash')}</dt>
          <dd>
            <code className={styles.code} data-testid={`${testIdPrefix}-seed-hash`}>
              {seedHash}
            </code>
          </dd>
        </div>
      )}
      {seed !== null && (
        <div>
          <dt>{t('promotions.envelope.fair.seed')}</dt>
          <dd>
            <code className={styles.code} data-testid={`${testIdPrefix}-seed`}>
              {seed}
            </code>
          </dd>
        </div>
      )}
    </>
  );
};
