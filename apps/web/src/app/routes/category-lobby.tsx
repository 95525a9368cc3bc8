import type { GameCategory } from '@lanna/contract';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { GoToTop } from '@/components/ui/go-to-top';
import { Icon } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import { useGameMenus } from '@/features/games/api/get-game-menus';
import { LobbyGames } from '@/features/games/components/lobby-games';
import { CATEGORY_ICON } from '@/features/games/utils/category-icon';
import styles from './category-lobby.module.css';
import { useSiteGameActions } from './use-site-game-actions';

/**
 * A category lobby (spec section 2, Category lobbies): the vendor menu, then the games of the
 * category or of the chosen vendor with classify tabs, name search and pages. The vendor is in
 * the address (?vendor=), so a vendor card's link opens the lobby on it; choosing another
 * vendor starts its list afresh (classify ALL, page 1). Back goes to HOME.
 */
export const CategoryLobbyRoute = ({ category }: { category: GameCategory }) => {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const menus = useGameMenus();
  const { actions, auth, dialogs, requireLogin, showTrialNotice } = useSiteGameActions();
  const vendors = menus.data?.menus.find((menu) => menu.gameCategory === category)?.vendors ?? [];
  const selected = vendors.find((vendor) => vendor.vassalage === search.get('vendor')) ?? null;
  const title = t(`categories.${category}`);

  const chooseVendor = (vassalage: string | null) =>
    setSearch(vassalage ? { vendor: vassalage } : {}, { replace: true, preventScrollReset: true });

  return (
    <div data-testid={`lobby-${category}`}>
      <header className={styles.header}>
        <span className={styles.icon}>
          <Icon name={CATEGORY_ICON[category]} size={36} />
        </span>
        <div>
          <p className={styles.eyebrow}>{t('lobby.eyebrow')}</p>
          <h1 className={styles.title}>{selected ? selected.displayName : title}</h1>
          {!menus.isPending && (
            <p className={styles.subtitle}>
              {selected ? title : t('games.vendorCount', { count: vendors.length })}
            </p>
          )}
        </div>
        <Link
          to={paths.home}
          className={`btn btn--ghost btn--sm ${styles.back}`}
          data-testid="lobby-back"
        >
          <Icon name="arrowLeft" size={16} />
          {t('common.backHome')}
        </Link>
      </header>

      {!menus.isPending && vendors.length === 0 ? (
        <div className={styles.empty}>
          <EmptyState message={t('no data')} />
        </div>
      ) : (
        <>
          <nav className={styles.menu} aria-label={t('lobby.vendors')}>
            <button
              type="button"
              className={styles.chip}
              aria-pressed={selected === null}
              onClick={() => chooseVendor(null)}
              data-testid="lobby-vendor-ALL"
            >
              {t('lobby.allVendors')}
            </button>
            {vendors.map((vendor) => (
              <button
                type="button"
                key={vendor.vassalage}
                className={styles.chip}
                aria-pressed={vendor === selected}
                onClick={() => chooseVendor(vendor.vassalage)}
                data-testid={`lobby-vendor-${vendor.vassalage}`}
              >
                {vendor.displayName}
                {vendor.maintenance && (
                  <span className={styles.chipBadge}>{t('games.maintenance')}</span>
                )}
              </button>
            ))}
          </nav>
          {/* The cards' names are headings of the third level: this one keeps the outline whole. */}
          <h2 className="visually-hidden">{t('lobby.gamesHeading')}</h2>
          <LobbyGames
            key={`${category}-${selected?.vassalage ?? 'ALL'}`}
            category={category}
            vendor={selected?.vassalage ?? null}
            viewer={{ token: auth.token, isLogin: auth.isLogin, isTrial: auth.isTrial }}
            actions={actions}
            requireLogin={requireLogin}
            showTrialNotice={showTrialNotice}
          />
        </>
      )}
      {dialogs}
      <GoToTop label={t('common.backToTop')} />
    </div>
  );
};
