import { WINNER_BOARD_LIMITS } from '@lanna/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Modal } from '@/components/ui/modal/modal';
import table from '@/components/ui/records-table.module.css';
import { Spinner } from '@/components/ui/spinner';
import { errorMessageKey } from '@/lib/api/api-error';
import { currentLanguage } from '@/lib/i18n';
import { formatMinorUnits } from '@/lib/money';
import { formatDateTime } from '@/lib/time';
import { winnersQuery } from '../api/live';

type WinnerBoardProps = { open: boolean; timeZone: string; onClose: () => void };

/**
 * The winners list (spec section 2, Other screens; section 7: the winner board of 50): every
 * latest real win with its masked name, game, amount and time, in the merchant's zone.
 */
export const WinnerBoardModal = ({ open, timeZone, onClose }: WinnerBoardProps) => {
  const { t, i18n } = useTranslation();
  const board = useQuery({
    ...winnersQuery(currentLanguage(i18n), WINNER_BOARD_LIMITS.board),
    enabled: open,
  });
  return (
    <Modal
      name="winnerBoardModal"
      open={open}
      title={t('winners.board')}
      size="lg"
      closable
      closeLabel={t('common.close')}
      onClose={onClose}
    >
      {board.isPending ? (
        <Spinner label={t('common.loading')} centred />
      ) : board.error ? (
        <LoadError message={t(errorMessageKey(board.error))} onRetry={() => void board.refetch()} />
      ) : board.data.list.length === 0 ? (
        <EmptyState message={t('no data')} icon="trophy" />
      ) : (
        <table className={table.table} data-testid="winner-board">
          <thead>
            <tr>
              <th scope="col">{t('winners.player')}</th>
              <th scope="col">{t('winners.game')}</th>
              <th scope="col" className={table.number}>
                {t('winners.amount')}
              </th>
              <th scope="col">{t('winners.time')}</th>
            </tr>
          </thead>
          <tbody>
            {board.data.list.map(({ vo }, index) => (
              <tr key={`${vo.wonAt}-${index}`} data-testid="winner-board-row">
                <td data-label={t('winners.player')}>{vo.customerName}</td>
                <td data-label={t('winners.game')}>{vo.gameName}</td>
                <td data-label={t('winners.amount')} className={table.number}>
                  {board.data.currencySymbol}{' '}
                  {formatMinorUnits(vo.winAmountMinor, board.data.currencyDecimals)}
                </td>
                <td data-label={t('winners.time')}>
                  {formatDateTime(new Date(vo.wonAt), timeZone)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Modal>
  );
};
