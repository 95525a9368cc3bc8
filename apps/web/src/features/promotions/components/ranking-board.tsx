import type { ContestState } from '@lanna/contract';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import type { CurrencyOf } from '@/lib/money';
import { CONTEST_LIVE_REFETCH_MS } from '../api/get-contest';
import { ContestTable } from './contest-table';
import styles from './contests.module.css';

type RankingBoardProps = { state: ContestState; currency: CurrencyOf };

/**
 * A turnover ranking's board: the live standings while it runs (read again every 30 s, which the
 * note says), its final results once decided, or who may still get on it while no one has.
 */
export const RankingBoard = ({ state, currency }: RankingBoardProps) => {
  const { t } = useTranslation();
  const title = state.decided
    ? t('promotions.contest.board.final')
    : t('promotions.contest.board.live');
  return (
    <div className={styles.board} data-testid="ranking-board">
      <div>
        <h3 className={styles.heading}>{title}</h3>
        <p className={styles.note}>
          {state.decided
            ? t('promotions.contest.board.entrants', { count: state.entrants })
            : t('promotions.contest.board.liveNote', {
                seconds: CONTEST_LIVE_REFETCH_MS / 1000,
              })}
        </p>
      </div>
      {state.board.length === 0 ? (
        <EmptyState
          icon="trophy"
          message={
            state.decided
              ? t('promotions.contest.board.noneRanked')
              : t('promotions.contest.board.empty')
          }
        />
      ) : (
        <ContestTable
          lines={state.board}
          label={title}
          measure="validBet"
          currency={currency}
          testId="ranking-table"
        />
      )}
    </div>
  );
};
