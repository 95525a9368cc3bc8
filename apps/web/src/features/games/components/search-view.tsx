import { GAME_PAGE_SIZES } from '@lanna/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/ui/load-error';
import { Pagination } from '@/components/ui/pagination';
import { useGames } from '../api/find-games';
import type { GameActions } from '../hooks/use-game-actions';
import { GameGrid } from './game-grid';
import styles from './lobby.module.css';

type SearchViewProps = { name: string; actions: GameActions };

/** The SEARCH view (spec section 2): every game whose name holds the query, 24 a page. */
export const SearchView = ({ name, actions }: SearchViewProps) => {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const top = useRef<HTMLElement>(null);
  // A new search brings its results into view, below the banners of the home page.
  useEffect(() => {
    top.current?.scrollIntoView({ block: 'start' });
  }, [name]);
  const games = useGames({ gameName: name, pageNo: page, pageSize: GAME_PAGE_SIZES.search });
  const totalPages = games.data?.totalPages ?? 1;
  return (
    <section
      className={styles.results}
      aria-labelledby="search-view-title"
      data-testid="search-view"
    >
      <h2 id="search-view-title" className={styles.resultsTitle}>
        {t('lobby.searchResults', { name })}
        {games.data && (
          <span className={styles.resultsCount} data-testid="search-view-count">
            {t('games.gameCount', { count: games.data.total })}
          </span>
        )}
      </h2>
      {games.isError ? (
        <LoadError message={t('games.loadFailed')} onRetry={() => void games.refetch()} />
      ) : (
        <GameGrid
          games={games.data?.games}
          actions={actions}
          loading={games.isFetching}
          skeletons={GAME_PAGE_SIZES.search}
          testId="search-view-games"
        />
      )}
      <Pagination
        page={page}
        totalPages={totalPages}
        onChange={(next) => {
          if (next < 1 || next > totalPages) return;
          setPage(next);
          top.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
        }}
        testId="search-view-pages"
      />
    </section>
  );
};
