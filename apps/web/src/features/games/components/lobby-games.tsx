import { GAME_PAGE_SIZES, type GameCard, type GameCategory } from '@lanna/contract';
import { useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/ui/load-error';
import { Pagination } from '@/components/ui/pagination';
import { Tabs, tabPanelId, useTabsBase } from '@/components/ui/form/tabs';
import { useFavouriteGames } from '../api/favourites';
import { useGames } from '../api/find-games';
import { useRecentGames } from '../api/find-recent-games';
import { useVassalageTypes } from '../api/find-vassalage-types';
import type { GameActions } from '../hooks/use-game-actions';
import {
  initialLobbyState,
  lobbyClassifies,
  lobbyReducer,
  type LobbyClassify,
  type LobbyState,
} from '../utils/lobby-state';
import { GameGrid } from './game-grid';
import { GameSearchForm } from './game-search-form';
import styles from './lobby.module.css';

type Viewer = { token: string | null; isLogin: boolean; isTrial: boolean };

type LobbyGamesProps = {
  category: GameCategory;
  vendor: string | null;
  viewer: Viewer;
  actions: GameActions;
  requireLogin: () => void;
  showTrialNotice: () => void;
};

type Page = {
  games: readonly GameCard[] | undefined;
  totalPages: number;
  fetching: boolean;
  failed: boolean;
  retry: () => void;
};

/** One page of the current classify, from the call that serves it (spec section 7). */
const useLobbyPage = (category: GameCategory, state: LobbyState, viewer: Viewer): Page => {
  const { classify, filter, name, page, vendor } = state;
  const vassalage = vendor ?? undefined;
  const listed = classify === 'ALL' || classify === 'NEW' || classify === 'HOT';
  const games = useGames(
    {
      gameType: category,
      vassalage,
      pageNo: page,
      ...(classify === 'HOT'
        ? { gameClassify: 'HOT', pageSize: GAME_PAGE_SIZES.lobbyShort }
        : { pageSize: GAME_PAGE_SIZES.lobby }),
      ...(classify === 'NEW' ? { isNew: '1' } : {}),
      ...(classify !== 'HOT' && filter !== 'ALL' ? { gameClassify: filter } : {}),
      ...(name ? { gameName: name } : {}),
    },
    { enabled: listed },
  );
  const short = { gameType: category, vassalage, pageSize: GAME_PAGE_SIZES.lobbyShort };
  const favourites = useFavouriteGames(
    viewer.token,
    { ...short, pageNo: page },
    classify === 'FAV' && viewer.isLogin && !viewer.isTrial,
  );
  const recent = useRecentGames(viewer.token, { ...short, page }, classify === 'RECENT');
  if (classify === 'FAV') {
    return {
      games: favourites.data?.content,
      totalPages: favourites.data?.totalPages ?? 1,
      fetching: favourites.isFetching,
      failed: favourites.isError,
      retry: () => void favourites.refetch(),
    };
  }
  if (classify === 'RECENT') {
    return {
      games: recent.data?.list,
      totalPages: recent.data?.totalPages ?? 1,
      fetching: recent.isFetching,
      failed: recent.isError,
      retry: () => void recent.refetch(),
    };
  }
  return {
    games: games.data?.games,
    totalPages: games.data?.totalPages ?? 1,
    fetching: games.isFetching,
    failed: games.isError,
    retry: () => void games.refetch(),
  };
};

/**
 * A category lobby's game list (spec sections 2 and 4): classify tabs, the sub-type filter,
 * name search, the page and 'no data'. Guests choosing FAV or RECENT get the login popup; a
 * trial member choosing FAV (a real member's list) gets 'in_need_true_account'.
 */
export const LobbyGames = ({
  category,
  vendor,
  viewer,
  actions,
  requireLogin,
  showTrialNotice,
}: LobbyGamesProps) => {
  const { t } = useTranslation();
  const base = useTabsBase();
  const listTop = useRef<HTMLDivElement>(null);
  const [state, dispatch] = useReducer(lobbyReducer, vendor, initialLobbyState);
  const current = useLobbyPage(category, state, viewer);
  const types = useVassalageTypes(category, vendor);
  const filters = (types.data?.list ?? []).filter(
    (entry) => !['ALL', 'HOT', 'NEW'].includes(entry.gameClassify) && entry.count > 0,
  );
  const filtered = state.classify === 'ALL' || state.classify === 'NEW';
  const showFilters = filtered && filters.length > 0;

  const chooseClassify = (classify: LobbyClassify) => {
    if ((classify === 'FAV' || classify === 'RECENT') && !viewer.isLogin) return requireLogin();
    if (classify === 'FAV' && viewer.isTrial) return showTrialNotice();
    dispatch({ type: 'classify', classify });
  };
  const goToPage = (page: number) => {
    dispatch({ type: 'page', page, totalPages: current.totalPages });
    listTop.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  const tabs = lobbyClassifies(category === 'RNG').map((id) => ({
    id,
    label: t(`lobby.classify.${id}`),
    testId: `lobby-classify-${id}`,
  }));

  return (
    <div className={styles.games} ref={listTop}>
      <div className={styles.toolbar}>
        <Tabs
          label={t('lobby.classifyLabel')}
          tabs={tabs}
          value={state.classify}
          onChange={chooseClassify}
          base={base}
        />
        <div className={styles.search}>
          <GameSearchForm
            initial={state.name}
            onSearch={(name) => dispatch({ type: 'search', name })}
            placeholder={t('lobby.searchPlaceholder')}
            testId="lobby-search"
          />
        </div>
      </div>
      {showFilters && (
        <div className={styles.filters} role="group" aria-label={t('lobby.filterLabel')}>
          {[{ gameClassify: 'ALL' as const, count: 0 }, ...filters].map((entry) => (
            <button
              key={entry.gameClassify}
              type="button"
              className={styles.filter}
              aria-pressed={state.filter === entry.gameClassify}
              data-testid={`lobby-filter-${entry.gameClassify}`}
              onClick={() =>
                dispatch({
                  type: 'filter',
                  filter: entry.gameClassify as LobbyState['filter'],
                })
              }
            >
              {t(`lobby.filter.${entry.gameClassify}`)}
              {entry.gameClassify !== 'ALL' && (
                <span className={styles.filterCount}>{entry.count}</span>
              )}
            </button>
          ))}
        </div>
      )}
      {filtered && types.isPending && (
        // The row's place is kept while the sub-types load, so the games do not move down.
        <div className={styles.filters} aria-hidden="true">
          <span className={`${styles.filter} ${styles.filterPlaceholder}`}>&nbsp;</span>
        </div>
      )}
      {state.name && (
        <p className={styles.searching} data-testid="lobby-searching">
          {t('lobby.searchingFor', { name: state.name })}
        </p>
      )}
      <div
        role="tabpanel"
        id={tabPanelId(base, state.classify)}
        aria-labelledby={`${base}-tab-${state.classify}`}
        data-testid={`lobby-panel-${state.classify}`}
      >
        {current.failed ? (
          <LoadError message={t('games.loadFailed')} onRetry={current.retry} />
        ) : (
          <GameGrid
            games={current.games}
            actions={actions}
            loading={current.fetching}
            skeletons={18}
            testId="lobby-games"
          />
        )}
      </div>
      <Pagination
        page={state.page}
        totalPages={current.totalPages}
        onChange={goToPage}
        testId="lobby-pages"
      />
    </div>
  );
};
