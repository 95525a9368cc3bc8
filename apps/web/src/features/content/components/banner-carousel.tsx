import type { Banner } from '@lanna/contract';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { A11y, Autoplay, Keyboard, Navigation, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { Swiper as SwiperInstance } from 'swiper/types';
import 'swiper/css';
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

const reducedMotion = (): boolean =>
  typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The banner carousel (spec section 9): Swiper sliding every 5 s with a 1 s transition, in a
 * loop, with arrows and dots only with more than one banner. It swipes on touch screens, pauses
 * on hover and on request (the pause button), and does not move by itself for visitors who ask
 * for reduced motion.
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
  const swiper = useRef<SwiperInstance | null>(null);
  // Swiper is pointed at controls React renders beside it, once they exist.
  const [prevEl, setPrevEl] = useState<HTMLButtonElement | null>(null);
  const [nextEl, setNextEl] = useState<HTMLButtonElement | null>(null);
  const [dotsEl, setDotsEl] = useState<HTMLDivElement | null>(null);
  const [paused, setPaused] = useState(reducedMotion);
  const [active, setActive] = useState(0);
  const count = banners.length;
  const many = count > 1;
  if (count === 0) return null;
  const ready = !many || (prevEl !== null && nextEl !== null && dotsEl !== null);

  const togglePause = () => {
    const autoplay = swiper.current?.autoplay;
    if (paused) autoplay?.start();
    else autoplay?.stop();
    setPaused(!paused);
  };

  return (
    <section
      className={styles.carousel}
      data-compact={compact}
      aria-roledescription="carousel"
      aria-label={t('home.banners')}
      data-testid={compact ? `banner-carousel-${banners[0]?.groupName ?? ''}` : 'banner-carousel'}
      data-active-index={active}
    >
      {ready && (
        <Swiper
          modules={[Autoplay, Navigation, Pagination, Keyboard, A11y]}
          className={styles.swiper}
          loop={many}
          speed={BANNER_SPEED_MS}
          allowTouchMove={many}
          autoplay={
            many && !paused
              ? { delay: BANNER_AUTOPLAY_MS, pauseOnMouseEnter: true, disableOnInteraction: false }
              : false
          }
          navigation={many ? { prevEl, nextEl } : false}
          pagination={
            many
              ? {
                  el: dotsEl,
                  clickable: true,
                  bulletClass: styles.dot,
                  bulletActiveClass: styles.dotActive,
                }
              : false
          }
          keyboard={{ enabled: many, onlyInViewport: true }}
          a11y={{
            enabled: true,
            prevSlideMessage: t('home.previous'),
            nextSlideMessage: t('home.next'),
            paginationBulletMessage: t('home.slideOf', { index: '{{index}}', count }),
            slideLabelMessage: t('home.slideOf', { index: '{{index}}', count: '{{slidesLength}}' }),
          }}
          onSwiper={(instance) => {
            swiper.current = instance;
          }}
          onSlideChange={(instance) => setActive(instance.realIndex)}
        >
          {banners.map((banner, position) => (
            <SwiperSlide key={banner.id} className={styles.slide} data-testid="banner-slide">
              <BannerLink banner={banner}>
                <img
                  src={banner.url}
                  alt={banner.title}
                  loading={position === 0 ? 'eager' : 'lazy'}
                  decoding="async"
                />
              </BannerLink>
            </SwiperSlide>
          ))}
        </Swiper>
      )}
      {many && (
        <>
          <button
            ref={setPrevEl}
            type="button"
            className={`${styles.arrow} ${styles.prev}`}
            aria-label={t('home.previous')}
          >
            <Icon name="chevronLeft" />
          </button>
          <button
            ref={setNextEl}
            type="button"
            className={`${styles.arrow} ${styles.next}`}
            aria-label={t('home.next')}
          >
            <Icon name="chevronRight" />
          </button>
          <div ref={setDotsEl} className={styles.dots} data-testid="banner-dots" />
          <button
            type="button"
            hidden={compact}
            className={styles.pause}
            aria-label={t(paused ? 'home.play' : 'home.pause')}
            aria-pressed={paused}
            onClick={togglePause}
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
