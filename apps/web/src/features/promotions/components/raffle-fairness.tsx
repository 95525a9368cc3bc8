import type { ContestState } from '@lanna/contract';
import { useTranslation } from 'react-i18next';
import contests from './contests.module.css';
import { FairnessDisclosure, SeedProof } from './seed-proof';
import styles from './promotions.module.css';

type RaffleEntriesProps = { entries: NonNullable<ContestState['entries']> };

/** Every entry the draw took, in its order: entry number, account (masked) and tickets. */
const RaffleEntries = ({ entries }: RaffleEntriesProps) => {
  const { t } = useTranslation();
  const label = t('promotions.contest.raffle.entries');
  return (
    <div className={contests.scroll} data-tall="true" role="region" aria-label={label} tabIndex={0}>
      <table className={contests.table} data-testid="raffle-entries">
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            <th scope="col" className={contests.number}>
              {t('promotions.contest.raffle.entry')}
            </th>
            <th scope="col">{t('promotions.contest.board.account')}</th>
            <th scope="col" className={contests.number}>
              {t('promotions.contest.board.tickets')}
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.entry}>
              <th scope="row" className={contests.number}>
                {entry.entry}
              </th>
              <td>{entry.account}</td>
              <td className={contests.number}>{entry.tickets.toLocaleString('en-US')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};

/**
 * The commit and reveal of a raffle's draw (decision 024): the seed's hash from the start; once
 * drawn, the seed and every entry with its tickets, and how to run the draw again. The entries
 * (one per member who held a ticket) are drawn only while the disclosure is open.
 */
export const RaffleFairness = ({ state }: { state: ContestState }) => {
  const { t } = useTranslation();
  return (
    <FairnessDisclosure testId="raffle-fairness">
      {(open) => (
        <>
          <dl className={styles.fairBody}>
            <SeedProof seedHash={state.seedHash} seed={state.seed} testIdPrefix="raffle" />
            {open && state.entries !== null && (
              <div>
                <dt>{t('promotions.contest.raffle.entries')}</dt>
                <dd>
                  <RaffleEntries entries={state.entries} />
                </dd>
              </div>
            )}
          </dl>
          <p className={styles.fairNote}>
            {state.seed === null
              ? t('promotions.contest.raffle.fairPending')
              : t('promotions.contest.raffle.fairVerify')}
          </p>
        </>
      )}
    </FairnessDisclosure>
  );
};
