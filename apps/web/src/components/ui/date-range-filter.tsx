import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, zonedIsoDate } from '@/lib/time';
import styles from './date-range-filter.module.css';
import table from './records-table.module.css';

export type DatePreset = 'last7' | 'last30' | 'next7' | 'next30' | 'custom';
export type DateRange = { preset: DatePreset; from: string; to: string };

const PRESETS: readonly Exclude<DatePreset, 'custom'>[] = ['last7', 'last30', 'next7', 'next30'];
/** Reports of what already happened (the agent centre's) offer no days ahead. */
const PAST_PRESETS: readonly Exclude<DatePreset, 'custom'>[] = ['last7', 'last30'];

/**
 * The spec's pickers (section 9: last 7 or 30 days, next 7 or 30 days) as calendar days in the
 * merchant's zone, today included at the near end.
 */
export const presetRange = (
  preset: Exclude<DatePreset, 'custom'>,
  timeZone: string,
  now = new Date(),
): DateRange => {
  const today = zonedIsoDate(now, timeZone);
  const days = preset === 'last7' || preset === 'next7' ? 7 : 30;
  return preset.startsWith('last')
    ? { preset, from: addDays(today, -(days - 1)), to: today }
    : { preset, from: today, to: addDays(today, days - 1) };
};

/**
 * A records view's date range (the last 30 days to start) and page: a new filter, the range or
 * the caller's own through `filterBy`, starts again from the first page.
 */
export const useRecordsFilter = (timeZone: string) => {
  const [range, setRange] = useState<DateRange>(() => presetRange('last30', timeZone));
  const [pageNo, setPageNo] = useState(1);
  const filterBy = (change: () => void) => {
    change();
    setPageNo(1);
  };
  const changeRange = (next: DateRange) => filterBy(() => setRange(next));
  return { range, changeRange, pageNo, setPageNo, filterBy };
};

type DateRangeFilterProps = {
  value: DateRange;
  onChange: (range: DateRange) => void;
  timeZone: string;
  testId?: string;
  /** Offer past ranges only: no 'next' presets, and no day after today in the fields. */
  pastOnly?: boolean;
};

/** Preset buttons and two date fields; editing a field makes the range custom. */
export const DateRangeFilter = ({
  value,
  onChange,
  timeZone,
  testId = 'date-range',
  pastOnly = false,
}: DateRangeFilterProps) => {
  const { t } = useTranslation();
  const fromId = useId();
  const toId = useId();
  const today = pastOnly ? zonedIsoDate(new Date(), timeZone) : undefined;
  const edit = (change: Partial<Pick<DateRange, 'from' | 'to'>>) => {
    const next = { ...value, ...change, preset: 'custom' as const };
    // Keep the range the right way round whichever end was moved.
    if (next.from && next.to && next.from > next.to) {
      if (change.from !== undefined) next.to = next.from;
      else next.from = next.to;
    }
    onChange(next);
  };
  return (
    <div className={table.filters} data-testid={testId}>
      <div className={styles.presets} role="group" aria-label={t('common.dateRange')}>
        {(pastOnly ? PAST_PRESETS : PRESETS).map((preset) => (
          <button
            key={preset}
            type="button"
            className={styles.preset}
            aria-pressed={value.preset === preset}
            data-testid={`${testId}-${preset}`}
            onClick={() => onChange(presetRange(preset, timeZone))}
          >
            {t(`common.datePreset.${preset}`)}
          </button>
        ))}
      </div>
      <div className={styles.fields}>
        <label htmlFor={fromId} className={table.fieldLabel}>
          {t('common.dateFrom')}
        </label>
        <input
          id={fromId}
          type="date"
          className={`${table.select} ${styles.input}`}
          value={value.from}
          max={value.to || today}
          data-testid={`${testId}-from`}
          onChange={(event) => edit({ from: event.target.value })}
        />
        <label htmlFor={toId} className={table.fieldLabel}>
          {t('common.dateTo')}
        </label>
        <input
          id={toId}
          type="date"
          className={`${table.select} ${styles.input}`}
          value={value.to}
          min={value.from || undefined}
          max={today}
          data-testid={`${testId}-to`}
          onChange={(event) => edit({ to: event.target.value })}
        />
      </div>
    </div>
  );
};
