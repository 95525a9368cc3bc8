import type { VendorItem } from '@lanna/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { vendorPath } from '@/config/paths';
import { CATEGORY_ICON } from '../utils/category-icon';
import { vendorMonogram, vendorPalette } from '../utils/vendor-palette';
import styles from './vendor-card.module.css';

type VendorCardProps = {
  vendor: VendorItem;
  selected?: boolean;
  /** Opens the vendor (its game list or lottery page); without it the card links to its lobby. */
  onOpen?: (vendor: VendorItem) => void;
};

/** A vendor as a generated card: its display name on a gradient derived from its code. */
export const VendorCard = ({ vendor, selected = false, onOpen }: VendorCardProps) => {
  const { t } = useTranslation();
  const palette = vendorPalette(vendor.vassalage);
  const style = {
    '--vendor-from': palette.from,
    '--vendor-to': palette.to,
    '--vendor-glow': palette.glow,
    '--vendor-angle': `${palette.angle}deg`,
  } as React.CSSProperties;
  const content = (
    <>
      <span className={styles.monogram} aria-hidden="true">
        {vendorMonogram(vendor.displayName)}
      </span>
      <span className={styles.top}>
        <span className={styles.category}>
          <Icon name={CATEGORY_ICON[vendor.gameType]} size={13} />
          {t(`categories.${vendor.gameType}`)}
        </span>
        {vendor.maintenance && <span className={styles.maintenance}>{t('games.maintenance')}</span>}
      </span>
      <span>
        <span className={styles.name}>{vendor.displayName}</span>
      </span>
    </>
  );
  if (onOpen) {
    return (
      <button
        type="button"
        className={styles.card}
        style={style}
        data-testid={`vendor-card-${vendor.vassalage}`}
        data-maintenance={vendor.maintenance}
        onClick={() => onOpen(vendor)}
      >
        {content}
      </button>
    );
  }
  return (
    <Link
      to={vendorPath(vendor.gameType, vendor.vassalage)}
      className={styles.card}
      style={style}
      data-testid={`vendor-card-${vendor.vassalage}`}
      data-maintenance={vendor.maintenance}
      aria-current={selected}
    >
      {content}
    </Link>
  );
};
