import { useState, type ReactNode } from 'react';
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

/**
 * The "provably fair" disclosure of an envelope or a raffle. Its body gets whether it is open,
 * so long lists (every share, every entry) are drawn only while someone reads them.
 */
export const FairnessDisclosure = ({
  testId,
  children,
}: {
  testId: string;
  children: (open: boolean) => ReactNode;
}) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <details
      className={styles.fair}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      data-testid={testId}
    >
      <summary>{t('promotions.envelope.fair.title')}</summary>
      {children(open)}
    </details>
  );
};
