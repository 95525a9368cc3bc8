import type { GameCard as GameCardData } from '@lanna/contract';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import type { GameActions } from '../hooks/use-game-actions';
import { GameCard, GameCardSkeleton } from './game-card';
import styles from './game-grid.module.css';

type GameGridProps = {
  games: readonly GameCardData[] | undefined;
  actions: GameActions;
  loading: boolean;
  /** How many skeleton cards stand in for the page while it loads. */
  skeletons?: number;
  testId?: string;
  compact?: boolean;
};

/** A grid of game cards, with skeletons while loading and 'no data' when empty. */
export const GameGrid = ({
  games,
  actions,
  loading,
  skeletons = 12,
  testId = 'game-grid',
  compact = false,
}: GameGridProps) => {
  const { t } = useTranslation();
  if (loading && !games) {
    return (
      <div className={styles.grid} data-compact={compact} data-testid={`${testId}-loading`}>
        {Array.from({ length: skeletons }, (_, index) => (
          <GameCardSkeleton key={index} />
        ))}
      </div>
    );
  }
  if (!games || games.length === 0) return <EmptyState message={t('no data')} icon="grid" />;
  return (
    <div className={styles.grid} data-compact={compact} data-testid={testId} aria-busy={loading}>
      {games.map((game) => (
        <GameCard
          key={`${game.nodeId}`}
          game={game}
          favourite={actions.isFavourite(game.nodeId)}
          onStart={(card, free) => actions.start({ kind: 'game', game: card, free })}
          onToggleFavourite={actions.toggleFavourite}
          starting={actions.startingNodeId === game.nodeId}
        />
      ))}
    </div>
  );
};
