import type { GameCategory } from '@lanna/contract';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter, presetRange, type DateRange } from '@/components/ui/date-range-filter';
import table from '@/components/ui/records-table.module.css';
import { vendorMenusQuery } from '../api/get-vendor-menus';
import styles from './betting.module.css';

export type BettingFilterState = {
  gameType: GameCategory | '';
  vassalage: string;
  range: DateRange;
};

/** Every category and vendor over the last 7 days, as both betting pages open. */
export const initialBettingFilter = (timeZone: string): BettingFilterState => ({
  gameType: '',
  vassalage: '',
  range: presetRange('last7', timeZone),
});

/** The filter as the betting API's query reads it. */
export const bettingFilterQuery = ({ gameType, vassalage, range }: BettingFilterState) => ({
  gameType,
  vassalage,
  from: range.from,
  to: range.to,
});

type BettingFiltersProps = {
  value: BettingFilterState;
  onChange: (next: BettingFilterState) => void;
  timeZone: string;
  testId: string;
};

/**
 * Category, vendor and the spec's date pickers (section 9). The vendor list follows the category;
 * choosing a category drops a vendor that is not in it.
 */
export const BettingFilters = ({ value, onChange, timeZone, testId }: BettingFiltersProps) => {
  const { t } = useTranslation();
  const categoryId = useId();
  const vendorId = useId();
  const menus = useQuery(vendorMenusQuery()).data?.menus ?? [];
  const vendorsOf = (gameType: GameCategory | '') => {
    const seen = new Map<string, string>();
    for (const menu of menus) {
      if (gameType && menu.gameCategory !== gameType) continue;
      for (const vendor of menu.vendors) {
        if (!seen.has(vendor.vassalage)) seen.set(vendor.vassalage, vendor.displayName);
      }
    }
    return [...seen];
  };
  const vendors = vendorsOf(value.gameType);

  return (
    <div className={table.filters}>
      <label className={`${table.field} ${styles.field}`} htmlFor={categoryId}>
        <span className={table.fieldLabel}>{t('betting.category')}</span>
        <select
          id={categoryId}
          className={`${table.select} ${styles.select}`}
          value={value.gameType}
          data-testid={`${testId}-category`}
          onChange={(event) => {
            const gameType = event.target.value as GameCategory | '';
            const keepVendor = vendorsOf(gameType).some(([code]) => code === value.vassalage);
            onChange({ ...value, gameType, vassalage: keepVendor ? value.vassalage : '' });
          }}
        >
          <option value="">{t('betting.allCategories')}</option>
          {menus.map((menu) => (
            <option key={menu.gameCategory} value={menu.gameCategory}>
              {t(`categories.${menu.gameCategory}`)}
            </option>
          ))}
        </select>
      </label>
      <label className={`${table.field} ${styles.field}`} htmlFor={vendorId}>
        <span className={table.fieldLabel}>{t('betting.vendor')}</span>
        <select
          id={vendorId}
          className={`${table.select} ${styles.select}`}
          value={value.vassalage}
          data-testid={`${testId}-vendor`}
          onChange={(event) => onChange({ ...value, vassalage: event.target.value })}
        >
          <option value="">{t('betting.allVendors')}</option>
          {vendors.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <DateRangeFilter
        value={value.range}
        timeZone={timeZone}
        testId={`${testId}-dates`}
        onChange={(range) => onChange({ ...value, range })}
      />
    </div>
  );
};
