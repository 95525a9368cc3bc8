import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/ui/modal/modal';
import { Spinner } from '@/components/ui/spinner';
import { useHotGames } from '../api/find-hot-games';
import type { GameActions } from '../hooks/use-game-actions';
import { GameGrid } from './game-grid';
import styles from './games-dialogs.module.css';

/** How many other hot games a maintenance notice suggests. */
const SUGGESTED = 6;

type MaintenanceSuggestionProps = { open: boolean; onClose: () => void; actions: GameActions };

/**
 * A game under maintenance (spec sections 4 and 8: 'game maintenance, other hot games
 * suggested'): the notice and hot games that are playable now.
 */
export const MaintenanceSuggestion = ({ open, onClose, actions }: MaintenanceSuggestionProps) => {
  const { t } = useTranslation();
  const hot = useHotGames();
  const suggested = (hot.data ?? []).filter((game) => !game.maintenance).slice(0, SUGGESTED);
  return (
    <Modal
      name="gameMaintenance"
      open={open}
      title={t('game maintenance')}
      size="lg"
      closable
      closeLabel={t('common.close')}
      onClose={onClose}
    >
      <p className={styles.lead} data-testid="game-maintenance-text">
        {t('gameStart.maintenanceSuggest')}
      </p>
      {hot.isPending ? (
        <Spinner label={t('common.loading')} centred />
      ) : (
        <div className={styles.suggestions} data-testid="game-maintenance-suggestions">
          <GameGrid
            games={suggested}
            actions={actions}
            loading={false}
            compact
            testId="suggested-games"
          />
        </div>
      )}
    </Modal>
  );
};
