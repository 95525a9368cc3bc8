import { GAME_PAGE_SIZES, type GameCategory } from '@lanna/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { LoadError } from '@/components/ui/load-error';
import { Modal } from '@/components/ui/modal/modal';
import { Pagination } from '@/components/ui/pagination';
import { vendorPath } from '@/config/paths';
import { useGames } from '../api/find-games';
import type { GameActions } from '../hooks/use-game-actions';
import { GameGrid } from './game-grid';
import styles from './games-dialogs.module.css';

type VendorGamesPopupProps = {
  open: boolean;
  vassalage: string;
  gameType: GameCategory;
  onClose: () => void;
  actions: GameActions;
};

/** The game popup of a vendor whose isGame is VASSALAGE (spec section 2): its games, by page. */
export const VendorGamesPopup = ({
  open,
  vassalage,
  gameType,
  onClose,
  actions,
}: VendorGamesPopupProps) => {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const games = useGames({
    gameType,
    vassalage,
    pageNo: page,
    pageSize: GAME_PAGE_SIZES.search,
  });
  const first = games.data?.games[0];
  return (
    <Modal
      name="vendorGames"
      open={open}
      title={first?.displayName ?? vassalage}
      size="lg"
      closable
      closeLabel={t('common.close')}
      onClose={onClose}
    >
      <div className={styles.toolbar}>
        <span className={styles.count}>
          {games.data ? t('games.gameCount', { count: games.data.total }) : ''}
        </span>
        <Link
          className="btn btn--secondary btn--sm"
          to={vendorPath(gameType, vassalage)}
          onClick={onClose}
        >
          {t('gameStart.openLobby')}
          <Icon name="chevronRight" size={16} />
        </Link>
      </div>
      {games.isError ? (
        <LoadError message={t('games.loadFailed')} onRetry={() => void games.refetch()} />
      ) : (
        <GameGrid
          games={games.data?.games}
          actions={actions}
          loading={games.isFetching}
          skeletons={8}
          compact
          testId="vendor-games"
        />
      )}
      <Pagination
        page={page}
        totalPages={games.data?.totalPages ?? 1}
        onChange={setPage}
        testId="vendor-games-pages"
      />
    </Modal>
  );
};
