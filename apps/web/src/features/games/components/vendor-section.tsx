import type { GameMenu, VendorItem } from '@lanna/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { categoryPath } from '@/config/paths';
import { CATEGORY_ICON } from '../utils/category-icon';
import { homeVendorLimit } from '../utils/home-vendor-limit';
import { VendorCard } from './vendor-card';
import styles from './vendor-section.module.css';

/** One category on the home lobby: its vendors, cut to the home limit, and 'load more'. */
export const VendorSection = ({
  menu,
  onOpenVendor,
}: {
  menu: GameMenu;
  onOpenVendor?: (vendor: VendorItem) => void;
}) => {
  const { t } = useTranslation();
  const limit = homeVendorLimit(menu.gameCategory);
  const shown = menu.vendors.slice(0, limit);
  const headingId = `home-section-${menu.gameCategory}`;
  return (
    <section
      className={styles.section}
      aria-labelledby={headingId}
      data-testid={`home-section-${menu.gameCategory}`}
    >
      <div className={styles.head}>
        <h2 id={headingId} className={styles.title}>
          <span className={styles.titleIcon}>
            <Icon name={CATEGORY_ICON[menu.gameCategory]} />
          </span>
          {t(`categories.${menu.gameCategory}`)}
          <span className={styles.count}>
            {t('games.vendorCount', { count: menu.vendors.length })}
          </span>
        </h2>
        {menu.vendors.length > limit && (
          <Link
            className="btn btn--secondary btn--sm"
            to={categoryPath(menu.gameCategory)}
            data-testid={`load-more-${menu.gameCategory}`}
          >
            {t('games.loadMore')}
            <Icon name="chevronRight" size={16} />
          </Link>
        )}
      </div>
      <div className={styles.grid}>
        {shown.map((vendor) => (
          <VendorCard
            key={vendor.vassalage}
            vendor={vendor}
            {...(onOpenVendor ? { onOpen: onOpenVendor } : {})}
          />
        ))}
      </div>
    </section>
  );
};
