import { WINNER_BOARD_LIMITS, type WinnerBoard } from '@lanna/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { useCarousel } from '@/components/ui/use-carousel';
import { currentLanguage } from '@/lib/i18n';
import { formatMinorUnits } from '@/lib/money';
import { winnersQuery } from '../api/live';
import { WinnerBoardModal } from './winner-board';
import styles from './winner-carousel.module.css';

/**
 * Winner carousel constants (spec section 9): 5 slides per view, autoplay every 3 s. The slides
 * per view of each screen width are in winner-carousel.module.css (2, 3 from 600 px, 4 from
 * 1024 px, 5 from 1280 px), so that the first paint already has them.
 */
export const WINNER_SLIDES_PER_VIEW = 5;
export const WINNER_AUTOPLAY_MS = 3000;
const WINNER_SPEED_MS = 600;

type Winner = WinnerBoard['list'][number]['vo'];

const WinnerCard = ({ winner, board }: { winner: Winner; board: WinnerBoard }) => {
  const [broken, setBroken] = useState(false);
  return (
    <div className={styles.card} data-testid="winner-card">
      <span className={styles.art}>
        {broken ? (
          <Icon name="trophy" size={22} />
        ) : (
          <img src={winner.iconUrl} alt="" loading="lazy" onError={() => setBroken(true)} />
        )}
      </span>
      <span className={styles.text}>
        <span className={styles.name} data-testid="winner-name">
          {winner.customerName}
        </span>
        <span className={styles.game}>{winner.gameName}</span>
        <span className={styles.amount} data-testid="winner-amount">
          {board.currencySymbol} {formatMinorUnits(winner.winAmountMinor, board.currencyDecimals)}
        </span>
      </span>
    </div>
  );
};

/**
 * The home winner carousel (spec section 2, Home page; section 9): the latest real wins of the
 * merchant, five to a view on a wide screen, moving on every 3 s and pausing under the pointer
 * or keyboard focus. Narrow screens show fewer at once. 'See all' opens the winner board of 50.
 * Its row keeps one card's height while the wins load and when there are none yet (it then says
 * so): the wins arrive after the page's first paint, and a row appearing then moved everything
 * under it.
 */
export const WinnerCarousel = ({ timeZone }: { timeZone: string }) => {
  const { t, i18n } = useTranslation();
  const [boardOpen, setBoardOpen] = useState(false);
  const winners = useQuery(winnersQuery(currentLanguage(i18n), WINNER_BOARD_LIMITS.carousel));
  const board = winners.data;
  const count = board?.list.length ?? 0;
  const many = count > WINNER_SLIDES_PER_VIEW;
  const { setViewport, playing, rootProps } = useCarousel({
    loop: many,
    autoplay: many,
    autoplayMs: WINNER_AUTOPLAY_MS,
    speedMs: WINNER_SPEED_MS,
    draggable: true,
  });
  return (
    <section
      className={styles.carousel}
      aria-label={t('winners.title')}
      data-testid="winner-carousel"
      {...rootProps}
    >
      <div className={styles.header}>
        <h2 className={styles.heading}>
          <Icon name="award" size={18} />
          {t('winners.title')}
        </h2>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          data-testid="winner-board-open"
          onClick={() => setBoardOpen(true)}
        >
          {t('winners.seeAll')}
        </button>
      </div>
      {!board || count === 0 ? (
        <p className={styles.placeholder} data-testid="winner-placeholder">
          {board && t('winners.none')}
        </p>
      ) : (
        <div className={styles.viewport} ref={setViewport}>
          <div className={styles.track} aria-live={playing ? 'off' : 'polite'}>
            {board.list.map(({ vo }, index) => (
              <div
                key={`${vo.wonAt}-${vo.customerName}-${index}`}
                className={styles.slide}
                role="group"
                aria-roledescription="slide"
                aria-label={t('home.slideOf', { index: index + 1, count })}
              >
                <WinnerCard winner={vo} board={board} />
              </div>
            ))}
          </div>
        </div>
      )}
      {boardOpen && (
        <WinnerBoardModal open timeZone={timeZone} onClose={() => setBoardOpen(false)} />
      )}
    </section>
  );
};
