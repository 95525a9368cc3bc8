import type { GameCategory } from '@lanna/contract';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { GoToTop } from '@/components/ui/go-to-top';
import { Icon } from '@/components/ui/icon';
import { Spinner } from '@/components/ui/spinner';
import { paths, vendorPath } from '@/config/paths';
import { useGameMenus } from '@/features/games/api/get-game-menus';
import { VendorCard } from '@/features/games/components/vendor-card';
import { CATEGORY_ICON } from '@/features/games/utils/category-icon';
import styles from './category-lobby.module.css';

/**
 * A category lobby (spec section 2, Category lobbies): the lobby header and the category's
 * vendors as its vendor menu. The game list of a vendor arrives with the games release.
 */
export const CategoryLobbyRoute = ({ category }: { category: GameCategory }) => {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const menus = useGameMenus();
  const vendors = menus.data?.menus.find((menu) => menu.gameCategory === category)?.vendors ?? [];
  const selected = vendors.find((vendor) => vendor.vassalage === search.get('vendor'));
  const title = t(`categories.${category}`);

  return (
    <div data-testid={`lobby-${category}`}>
      <header className={styles.header}>
        <span className={styles.icon}>
          <Icon name={CATEGORY_ICON[category]} size={36} />
        </span>
        <div>
          <p className={styles.eyebrow}>{t('lobby.eyebrow')}</p>
          <h1 className={styles.title}>{title}</h1>
          {!menus.isPending && (
            <p className={styles.subtitle}>{t('games.vendorCount', { count: vendors.length })}</p>
          )}
        </div>
        <Link to={paths.home} className={`btn btn--ghost btn--sm ${styles.back}`}>
          <Icon name="arrowLeft" size={16} />
          {t('common.backHome')}
        </Link>
      </header>

      {menus.isPending ? (
        <Spinner label={t('common.loading')} centred />
      ) : vendors.length === 0 ? (
        <div className={styles.empty}>
          <EmptyState message={t('no data')} />
        </div>
      ) : (
        <>
          <nav className={styles.menu} aria-label={t('lobby.vendors')}>
            {vendors.map((vendor) => (
              <Link
                key={vendor.vassalage}
                className={styles.chip}
                to={vendorPath(category, vendor.vassalage)}
                aria-current={vendor === selected}
                replace
              >
                {vendor.displayName}
              </Link>
            ))}
          </nav>
          {selected && (
            <p className={styles.selected} data-testid="lobby-selected-vendor">
              <Icon name="sparkles" />
              <span>
                <strong>{selected.displayName}</strong> — {t('lobby.gamesLater')}
              </span>
            </p>
          )}
          <div className={styles.grid}>
            {vendors.map((vendor) => (
              <VendorCard key={vendor.vassalage} vendor={vendor} selected={vendor === selected} />
            ))}
          </div>
        </>
      )}
      <GoToTop label={t('common.backToTop')} />
    </div>
  );
};
