import type { ContestState } from '@lanna/contract';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import type { CurrencyOf } from '@/lib/money';
import { ContestTable } from './contest-table';
import styles from './contests.module.css';
import { RaffleFairness } from './raffle-fairness';

type RaffleBoardProps = { state: ContestState; currency: CurrencyOf };

/**
 * A raffle's board: its entrants and tickets so far; once drawn, the winners in the order drawn;
 * and its 'provably fair' disclosure from the start.
 */
export const RaffleBoard = ({ state, currency }: RaffleBoardProps) => {
  const { t } = useTranslation();
  const title = state.decided
    ? t('promotions.contest.raffle.winners')
    : t('promotions.contest.raffle.title');
  return (
    <div className={styles.board} data-testid="raffle-board">
      <h3 className={styles.heading}>{title}</h3>
      <dl className={styles.figures}>
        <div>
          <dt>{t('promotions.contest.raffle.entrants')}</dt>
          <dd data-testid="raffle-entrants">{state.entrants.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt>{t('promotions.contest.board.tickets')}</dt>
          <dd data-testid="raffle-tickets">{state.tickets.toLocaleString('en-US')}</dd>
        </div>
      </dl>
      {!state.decided ? (
        <p className={styles.note}>{t('promotions.contest.raffle.pending')}</p>
      ) : state.board.length === 0 ? (
        <EmptyState icon="ticket" message={t('promotions.contest.raffle.noWinners')} />
      ) : (
        <ContestTable
          lines={state.board}
          label={title}
          measure="tickets"
          currency={currency}
          testId="raffle-winners"
        />
      )}
      <RaffleFairness state={state} />
    </div>
  );
};
