import { GAME_PAGE_SIZES } from '@lanna/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GoToTop } from '@/components/ui/go-to-top';
import { Icon, type IconName } from '@/components/ui/icon';
import { LoadError } from '@/components/ui/load-error';
import { Pagination } from '@/components/ui/pagination';
import { paths } from '@/config/paths';
import { useFavouriteGames } from '@/features/games/api/favourites';
import { useRecentGames } from '@/features/games/api/find-recent-games';
import { GameGrid } from '@/features/games/components/game-grid';
import styles from './category-lobby.module.css';
import { useSiteGameActions } from './use-site-game-actions';

type AccountGamesProps = { kind: 'favorite' | 'recent' };

const ICONS: Record<AccountGamesProps['kind'], IconName> = { favorite: 'heart', recent: 'history' };

/**
 * /favorite and /recent (spec section 2, account game pages): the member's favourite or recent
 * games, 15 a page (spec section 9), with the same cards as the lobbies.
 */
export const AccountGames = ({ kind }: AccountGamesProps) => {
  const { t } = useTranslation();
  const { actions, auth, dialogs } = useSiteGameActions();
  const [page, setPage] = useState(1);
  const pageSize = GAME_PAGE_SIZES.lobbyShort;
  const realMember = auth.isLogin && !auth.isTrial;
  const favourites = useFavouriteGames(
    auth.token,
    { pageNo: page, pageSize },
    kind === 'favorite' && realMember,
  );
  const recent = useRecentGames(auth.token, { page, pageSize }, kind === 'recent');
  const current =
    kind === 'favorite'
      ? {
          games: favourites.data?.content,
          totalPages: favourites.data?.totalPages ?? 1,
          query: favourites,
        }
      : { games: recent.data?.list, totalPages: recent.data?.totalPages ?? 1, query: recent };
  const waiting = kind === 'favorite' && !realMember ? false : current.query.isFetching;

  return (
    <div data-testid={`page-${kind}`}>
      <header className={styles.header}>
        <span className={styles.icon}>
          <Icon name={ICONS[kind]} size={36} />
        </span>
        <div>
          <p className={styles.eyebrow}>{t('lobby.eyebrow')}</p>
          <h1 className={styles.title}>{t(`pages.${kind}`)}</h1>
        </div>
        <Link to={paths.home} className={`btn btn--ghost btn--sm ${styles.back}`}>
          <Icon name="arrowLeft" size={16} />
          {t('common.backHome')}
        </Link>
      </header>
      <div className={styles.list}>
        {current.query.isError ? (
          <LoadError message={t('games.loadFailed')} onRetry={() => void current.query.refetch()} />
        ) : (
          <GameGrid
            games={kind === 'favorite' && !realMember ? [] : current.games}
            actions={actions}
            loading={waiting}
            skeletons={pageSize}
            testId={`${kind}-games`}
          />
        )}
      </div>
      <Pagination
        page={page}
        totalPages={current.totalPages}
        onChange={(next) => {
          if (next >= 1 && next <= current.totalPages) setPage(next);
        }}
        testId={`${kind}-pages`}
      />
      {dialogs}
      <GoToTop label={t('common.backToTop')} />
    </div>
  );
};
