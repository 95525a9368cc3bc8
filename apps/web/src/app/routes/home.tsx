import { GAME_PAGE_SIZES } from '@lanna/contract';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { GoToTop } from '@/components/ui/go-to-top';
import { paths } from '@/config/paths';
import { useBanners } from '@/features/content/api/find-banners';
import { BannerCarousel, BannerSkeleton } from '@/features/content/components/banner-carousel';
import { HomeNotices } from '@/features/content/components/home-notices';
import { useFavouriteGames } from '@/features/games/api/favourites';
import { useFlushHotGames, useHotGames } from '@/features/games/api/find-hot-games';
import { useRecentGames } from '@/features/games/api/find-recent-games';
import { useGameMenus } from '@/features/games/api/get-game-menus';
import { GameSearchForm } from '@/features/games/components/game-search-form';
import { GameSection } from '@/features/games/components/game-section';
import { SearchView } from '@/features/games/components/search-view';
import { VendorSection } from '@/features/games/components/vendor-section';
import { vendorPalette } from '@/features/games/utils/vendor-palette';
import { HomeLive } from '@/features/live/components/home-live';
import { UnreadBadge } from '@/features/messages/components/unread-badge';
import { Icon } from '@/components/ui/icon';
import { useBootData } from '../boot-data';
import { uniqueVendors } from '../layout/footer';
import styles from './home.module.css';
import { useSiteGameActions } from './use-site-game-actions';
import { VendorSectionsSkeleton } from './vendor-sections-skeleton';

/** The home page's own search: `/?search=` shows the SEARCH view in place of the sections. */
const SEARCH_PARAM = 'search';

/**
 * The home lobby (spec section 2, Home page), real data only: banners of group w_home, the
 * notice ticker, the game search, HOT, then FAV and RECENT for a signed-in member, then one
 * section per category that has vendors. /login and /register show this page under their
 * pop-up.
 */
export const HomeRoute = () => {
  const { t } = useTranslation();
  const { merchant } = useBootData();
  const banners = useBanners('w_home');
  const menus = useGameMenus();
  const [searchParams, setSearchParams] = useSearchParams();
  const searchName = searchParams.get(SEARCH_PARAM)?.trim() ?? '';
  const { actions, auth, dialogs } = useSiteGameActions();
  const realMember = auth.isLogin && !auth.isTrial;
  const hot = useHotGames();
  const flushHot = useFlushHotGames();
  const favourites = useFavouriteGames(
    auth.token,
    { pageNo: 1, pageSize: GAME_PAGE_SIZES.favourites },
    realMember,
  );
  const recent = useRecentGames(
    auth.token,
    { page: 1, pageSize: GAME_PAGE_SIZES.recentHome },
    auth.isLogin,
  );
  const search = (name: string) =>
    setSearchParams(name ? { [SEARCH_PARAM]: name } : {}, { preventScrollReset: true });

  const sections = (menus.data?.menus ?? []).filter((menu) => menu.vendors.length > 0);

  return (
    <div data-testid="home-page">
      <h1 className="visually-hidden">{t('home.title', { brand: merchant.name })}</h1>
      <div className={styles.hero}>
        {banners.isPending ? (
          <BannerSkeleton />
        ) : (
          <BannerCarousel banners={banners.data?.list ?? []} />
        )}
        <HomeNotices
          timeZone={merchant.timeZone}
          unreadBadge={
            // A trial skips the unread-message fetch (spec section 6).
            auth.token && !auth.isTrial ? (
              <UnreadBadge token={auth.token} testId="notice-unread-badge" />
            ) : undefined
          }
        />
      </div>
      <HomeLive
        timeZone={merchant.timeZone}
        providers={uniqueVendors(menus.data?.menus ?? []).map((vendor) => ({
          vassalage: vendor.vassalage,
          displayName: vendor.displayName,
          color: vendorPalette(vendor.vassalage).from,
        }))}
      />
      <div className={styles.search}>
        <GameSearchForm
          key={searchName}
          initial={searchName}
          onSearch={search}
          placeholder={t('home.searchPlaceholder')}
          testId="home-search"
        />
      </div>
      {searchName ? (
        <SearchView key={searchName} name={searchName} actions={actions} />
      ) : (
        <div className={styles.sections}>
          <GameSection
            id="HOT"
            title={t('home.hot')}
            icon="flame"
            games={hot.data}
            loading={hot.isPending}
            failed={hot.isError}
            onRetry={flushHot}
            actions={actions}
            extra={
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                onClick={flushHot}
                aria-label={t('home.refreshHot')}
                data-testid="home-hot-refresh"
              >
                <Icon name="refresh" size={16} />
              </button>
            }
          />
          {realMember && (
            <GameSection
              id="FAV"
              title={t('home.favourites')}
              icon="heart"
              games={favourites.data?.content}
              loading={favourites.isPending}
              failed={favourites.isError}
              onRetry={() => void favourites.refetch()}
              actions={actions}
              morePath={paths.favorite}
            />
          )}
          {auth.isLogin && (
            <GameSection
              id="RECENT"
              title={t('home.recent')}
              icon="history"
              games={recent.data?.list}
              loading={recent.isPending}
              failed={recent.isError}
              onRetry={() => void recent.refetch()}
              actions={actions}
              morePath={paths.recent}
            />
          )}
          {menus.isPending ? (
            <VendorSectionsSkeleton />
          ) : sections.length === 0 ? (
            <div className={styles.empty}>
              <EmptyState message={t('no data')} />
            </div>
          ) : (
            sections.map((menu) => (
              <VendorSection
                key={menu.gameCategory}
                menu={menu}
                onOpenVendor={(vendor) => actions.start({ kind: 'vendor', vendor })}
              />
            ))
          )}
        </div>
      )}
      {dialogs}
      <GoToTop label={t('common.backToTop')} />
    </div>
  );
};
