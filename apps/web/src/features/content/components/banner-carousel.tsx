import type { Banner } from '@lanna/contract';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '@/components/ui/icon';
import styles from './banner-carousel.module.css';

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
 * A looping cross-fade carousel: autoplay every 5 s with a 1 s transition, arrows and dots
 * only with more than one banner. It pauses on hover and focus, and on request.
 */
export const BannerCarousel = ({ banners }: { banners: readonly Banner[] }) => {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [paused, setPaused] = useState(false);
  const count = banners.length;
  const many = count > 1;
  const active = count > 0 ? index % count : 0;

  useEffect(() => {
    if (!many || hovered || paused) return;
    const timer = window.setTimeout(
      () => setIndex((value) => (value + 1) % count),
      BANNER_AUTOPLAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [many, hovered, paused, count, active]);

  if (count === 0) return null;
  const go = (next: number) => setIndex((next + count) % count);

  return (
    <section
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-label={t('home.banners')}
      data-testid="banner-carousel"
      style={{ ['--banner-speed' as string]: `${BANNER_SPEED_MS}ms` }}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
    >
      {banners.map((banner, position) => (
        <div
          key={banner.id}
          className={styles.slide}
          data-active={position === active}
          role="group"
          aria-roledescription="slide"
          aria-label={t('home.slideOf', { index: position + 1, count })}
          aria-hidden={position !== active}
          inert={position !== active}
        >
          <BannerLink banner={banner}>
            <img
              src={banner.url}
              alt={banner.title}
              loading={position === 0 ? 'eager' : 'lazy'}
              decoding="async"
            />
          </BannerLink>
        </div>
      ))}
      {many && (
        <>
          <button
            type="button"
            className={`${styles.arrow} ${styles.prev}`}
            aria-label={t('home.previous')}
            onClick={() => go(active - 1)}
          >
            <Icon name="chevronLeft" />
          </button>
          <button
            type="button"
            className={`${styles.arrow} ${styles.next}`}
            aria-label={t('home.next')}
            onClick={() => go(active + 1)}
          >
            <Icon name="chevronRight" />
          </button>
          <div className={styles.dots}>
            {banners.map((banner, position) => (
              <button
                key={banner.id}
                type="button"
                className={styles.dot}
                aria-label={t('home.slideOf', { index: position + 1, count })}
                aria-current={position === active}
                onClick={() => go(position)}
              />
            ))}
          </div>
          <button
            type="button"
            className={styles.pause}
            aria-label={t(paused ? 'home.play' : 'home.pause')}
            aria-pressed={paused}
            onClick={() => setPaused((value) => !value)}
          >
            <Icon name={paused ? 'play' : 'pause'} size={14} />
          </button>
        </>
      )}
    </section>
  );
};

export const BannerSkeleton = () => <div className={styles.skeleton} aria-hidden="true" />;
