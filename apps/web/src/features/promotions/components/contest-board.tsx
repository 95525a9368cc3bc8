import type { ContestKind } from '@lanna/contract';
import { RecordsView } from '@/components/ui/records-view';
import type { CurrencyOf } from '@/lib/money';
import { useContest } from '../api/get-contest';
import { ContestStanding } from './contest-standing';
import styles from './contests.module.css';
import { ListSkeleton } from './list-skeleton';
import { RaffleBoard } from './raffle-board';
import { RankingBoard } from './ranking-board';

type ContestBoardProps = {
  promotionId: number;
  kind: ContestKind;
  currency: CurrencyOf;
  /** A real member's session token (never a trial's): they see their own standing too. */
  memberToken: string | null;
};

/**
 * A contest's board for the rules dialog, read only while it is open: a ranking's places or a
 * raffle's tickets, winners and proof, through the list states (a skeleton, an error with a
 * retry), then a real member's own standing. An empty board is the boards' own to word.
 */
export const ContestBoard = ({ promotionId, kind, currency, memberToken }: ContestBoardProps) => {
  const contest = useContest(promotionId);
  return (
    <section className={styles.board} data-testid="contest-board">
      <RecordsView
        query={contest}
        testId="contest-board"
        isEmpty={() => false}
        skeleton={<ListSkeleton count={1} />}
      >
        {(state) =>
          state.kind === 'raffle' ? (
            <RaffleBoard state={state} currency={currency} />
          ) : (
            <RankingBoard state={state} currency={currency} />
          )
        }
      </RecordsView>
      {memberToken !== null && (
        <ContestStanding
          promotionId={promotionId}
          kind={kind}
          token={memberToken}
          decided={contest.data?.decided ?? null}
          currency={currency}
        />
      )}
    </section>
  );
};
