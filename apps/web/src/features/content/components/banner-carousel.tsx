import type { Banner } from '@lanna/contract';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { useCarousel } from '@/components/ui/use-carousel';
import styles from './banner-carousel.module.css';
import { prefersReducedMotion } from '@/lib/reduced-motion';

/** Banner carousel constants (spec section 9). */
export const BANNER_AUTOPLAY_MS = 5000;
export const BANNER_SPEED_MS = 1000;

const BannerLink = ({ banner, children }: { banner: Banner; children: ReactNode }) => {
  if (banner.linkageType === 'ROUTE' && banner.link)
    return <Link to={banner.link}>{children}</Link>;
  if (banner.linkageType === 'URL' && banner.link) {
    return (
      <a href={banner.link} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  return <>{children}</>;
};

/**
 * The banner carousel (spec section 9): sliding every 5 s with a 1 s transition, in a loop, with
 * arrows and dots only with more than one banner. It swipes on touch screens, follows the arrow
 * keys once a control has the focus, pauses under the mouse, under keyboard focus and on request
 * (the pause button), and does not move by itself for visitors who ask for reduced motion.
 */
export const BannerCarousel = ({
  banners,
  compact = false,
}: {
  banners: readonly Banner[];
  /** The side menu's and the forgot-password page's 2:1 banners, without the pause button. */
  compact?: boolean;
}) => {
  const { t } = useTranslation();
  const trackId = useId();
  const [paused, setPaused] = useState(prefersReducedMotion);
  const count = banners.length;
  const many = count > 1;
  const {
    setViewport,
    selectedIndex,
    playing,
    scrollPrev,
    scrollNext,
    scrollTo,
    rootProps,
    onKeyDown,
  } = useCarousel({
    loop: many,
    autoplay: many && !paused,
    autoplayMs: BANNER_AUTOPLAY_MS,
    speedMs: BANNER_SPEED_MS,
    draggable: many,
  });
  if (count === 0) return null;

  return (
    <section
      className={styles.carousel}
      data-compact={compact}
      aria-roledescription="carousel"
      aria-label={t('home.banners')}
      data-testid={compact ? `banner-carousel-${banners[0]?.groupName ?? ''}` : 'banner-carousel'}
      data-active-index={selectedIndex}
      {...rootProps}
      onKeyDown={many ? onKeyDown : undefined}
    >
      <div className={styles.viewport} ref={setViewport}>
        <div className={styles.track} id={trackId} aria-live={playing ? 'off' : 'polite'}>
          {banners.map((banner, position) => (
            <div
              key={banner.id}
              className={styles.slide}
              role="group"
              aria-roledescription="slide"
              aria-label={t('home.slideOf', { index: position + 1, count })}
              data-testid="banner-slide"
            >
              <BannerLink banner={banner}>
                <img
                  src={banner.url}
                  alt={banner.title}
                  loading={position === 0 ? 'eager' : 'lazy'}
                  decoding="async"
                  draggable={false}
                />
              </BannerLink>
            </div>
          ))}
        </div>
      </div>
      {many && (
        <>
          <button
            type="button"
            className={`${styles.arrow} ${styles.prev}`}
            aria-label={t('home.previous')}
            aria-controls={trackId}
            onClick={scrollPrev}
          >
            <Icon name="chevronLeft" />
          </button>
          <button
            type="button"
            className={`${styles.arrow} ${styles.next}`}
            aria-label={t('home.next')}
            aria-controls={trackId}
            onClick={scrollNext}
          >
            <Icon name="chevronRight" />
          </button>
          <div className={styles.dots} data-testid="banner-dots">
            {banners.map((banner, position) => {
              const active = position === selectedIndex;
              return (
                <button
                  key={banner.id}
                  type="button"
                  className={active ? `${styles.dot} ${styles.dotActive}` : styles.dot}
                  aria-label={t('home.slideOf', { index: position + 1, count })}
                  aria-controls={trackId}
                  aria-current={active ? 'true' : undefined}
                  onClick={() => scrollTo(position)}
                />
              );
            })}
          </div>
          <button
            type="button"
            hidden={compact}
            className={styles.pause}
            aria-label={t(paused ? 'home.play' : 'home.pause')}
            aria-pressed={paused}
            onClick={() => setPaused(!paused)}
          >
            <Icon name={paused ? 'play' : 'pause'} size={14} />
          </button>
        </>
      )}
    </section>
  );
};

export const BannerSkeleton = () => <div className={styles.skeleton} aria-hidden="true" />;

/** The banners of a secondary group (w_leftmenu, w_forget); nothing while loading or failing. */
export const GroupBanners = ({ banners }: { banners: readonly Banner[] | undefined }) =>
  banners && banners.length > 0 ? <BannerCarousel banners={banners} compact /> : null;
