import { WINNER_BOARD_LIMITS, type WinnerBoard } from '@lanna/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { A11y, Autoplay } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import { Icon } from '@/components/ui/icon';
import { currentLanguage } from '@/lib/i18n';
import { formatMinorUnits } from '@/lib/money';
import { winnersQuery } from '../api/live';
import { WinnerBoardModal } from './winner-board';
import styles from './winner-carousel.module.css';

/** Winner carousel constants (spec section 9): 5 slides per view, autoplay every 3 s. */
export const WINNER_SLIDES_PER_VIEW = 5;
export const WINNER_AUTOPLAY_MS = 3000;

const reducedMotion = (): boolean =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

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
 * or keyboard focus. Narrow screens show fewer at once. Nothing is shown before the first win.
 * 'See all' opens the winner board of 50.
 */
export const WinnerCarousel = ({ timeZone }: { timeZone: string }) => {
  const { t, i18n } = useTranslation();
  const [boardOpen, setBoardOpen] = useState(false);
  const winners = useQuery(winnersQuery(currentLanguage(i18n), WINNER_BOARD_LIMITS.carousel));
  const board = winners.data;
  if (!board || board.list.length === 0) return null;
  const many = board.list.length > WINNER_SLIDES_PER_VIEW;
  return (
    <section
      className={styles.carousel}
      aria-label={t('winners.title')}
      data-testid="winner-carousel"
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
      <Swiper
        modules={[Autoplay, A11y]}
        slidesPerView={2}
        spaceBetween={12}
        breakpoints={{
          600: { slidesPerView: 3 },
          1024: { slidesPerView: 4 },
          1280: { slidesPerView: WINNER_SLIDES_PER_VIEW },
        }}
        loop={many}
        speed={600}
        autoplay={
          many && !reducedMotion()
            ? { delay: WINNER_AUTOPLAY_MS, pauseOnMouseEnter: true, disableOnInteraction: false }
            : false
        }
        a11y={{ enabled: true }}
        className={styles.swiper}
      >
        {board.list.map(({ vo }, index) => (
          <SwiperSlide key={`${vo.wonAt}-${vo.customerName}-${index}`}>
            <WinnerCard winner={vo} board={board} />
          </SwiperSlide>
        ))}
      </Swiper>
      {boardOpen && (
        <WinnerBoardModal open timeZone={timeZone} onClose={() => setBoardOpen(false)} />
      )}
    </section>
  );
};
