import type { GameCard as GameCardData } from '@lanna/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon, type IconName } from '@/components/ui/icon';
import { LoadError } from '@/components/ui/load-error';
import type { GameActions } from '../hooks/use-game-actions';
import { shownGameCount, showsGameLoadMore } from '../utils/home-sections';
import { GameGrid } from './game-grid';
import styles from './vendor-section.module.css';

type GameSectionProps = {
  id: 'HOT' | 'FAV' | 'RECENT';
  title: string;
  icon: IconName;
  games: readonly GameCardData[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  actions: GameActions;
  /** Where the section's full list lives; without it 'load more' shows more in place. */
  morePath?: string;
  extra?: ReactNode;
};

/** A game section of the home lobby (HOT, FAV, RECENT): 12 games, then 'load more'. */
export const GameSection = ({
  id,
  title,
  icon,
  games,
  loading,
  failed,
  onRetry,
  actions,
  morePath,
  extra,
}: GameSectionProps) => {
  const { t } = useTranslation();
  const [presses, setPresses] = useState(0);
  const total = games?.length ?? 0;
  const shown = shownGameCount(total, morePath ? 0 : presses);
  const headingId = `home-section-${id}`;
  return (
    <section className={styles.section} aria-labelledby={headingId} data-testid={headingId}>
      <div className={styles.head}>
        <h2 id={headingId} className={styles.title}>
          <span className={styles.titleIcon}>
            <Icon name={icon} />
          </span>
          {title}
          {games && <span className={styles.count}>{t('games.gameCount', { count: total })}</span>}
        </h2>
        <div className={styles.actions}>
          {extra}
          {showsGameLoadMore(total, shown) &&
            (morePath ? (
              <Link
                className="btn btn--secondary btn--sm"
                to={morePath}
                data-testid={`load-more-${id}`}
              >
                {t('games.loadMore')}
                <Icon name="chevronRight" size={16} />
              </Link>
            ) : (
              <button
                type="button"
                className="btn btn--secondary btn--sm"
                onClick={() => setPresses((count) => count + 1)}
                data-testid={`load-more-${id}`}
              >
                {t('games.loadMore')}
                <Icon name="chevronDown" size={16} />
              </button>
            ))}
        </div>
      </div>
      {failed ? (
        <LoadError message={t('games.loadFailed')} onRetry={onRetry} />
      ) : (
        <GameGrid
          games={games?.slice(0, shown)}
          actions={actions}
          loading={loading}
          testId={`home-games-${id}`}
        />
      )}
    </section>
  );
};
