import { MAX_DOWNLINE_LEVEL } from '@lanna/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import table from '@/components/ui/records-table.module.css';
import type { DownlineFilter } from '../api/find-downlines';
import styles from './downlines.module.css';

/** Everyone in the team, as the list opens. */
export const EMPTY_DOWNLINE_FILTER: DownlineFilter = {
  search: '',
  level: '',
  status: '',
  activity: '',
  kind: '',
};

/** The choices of each select; '' is 'all'. */
const CHOICES = {
  status: ['active', 'disabled'],
  activity: ['active', 'inactive'],
  kind: ['member', 'agent'],
} as const;
type ChoiceField = keyof typeof CHOICES;

const LEVELS = Array.from({ length: MAX_DOWNLINE_LEVEL }, (_, index) => String(index + 1));

type DownlineFiltersProps = {
  value: DownlineFilter;
  onChange: (next: DownlineFilter) => void;
  testId: string;
};

/**
 * The downline list's filters: a name search sent when the agent submits it, and the level,
 * status, activity and kind, each applied as it is chosen.
 */
export const DownlineFilters = ({ value, onChange, testId }: DownlineFiltersProps) => {
  const { t } = useTranslation();
  const base = useId();
  const [search, setSearch] = useState(value.search);

  const select = (field: ChoiceField | 'level', options: readonly string[]) => (
    <label key={field} className={table.field} htmlFor={`${base}-${field}`}>
      <span className={table.fieldLabel}>{t(`agentCentre.downlines.${field}`)}</span>
      <select
        id={`${base}-${field}`}
        className={table.select}
        value={value[field]}
        data-testid={`${testId}-${field}`}
        onChange={(event) => onChange({ ...value, [field]: event.target.value })}
      >
        <option value="">{t('agentCentre.downlines.all')}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {field === 'level'
              ? t('agentCentre.downlines.levelNumber', { level: option })
              : t(`agentCentre.downlines.${field}Choice.${option}`)}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <div className={table.filters}>
      <form
        role="search"
        className={styles.search}
        onSubmit={(event) => {
          event.preventDefault();
          onChange({ ...value, search });
        }}
      >
        <label className="visually-hidden" htmlFor={`${base}-search`}>
          {t('agentCentre.downlines.search')}
        </label>
        <input
          id={`${base}-search`}
          type="search"
          className={`${table.select} ${styles.searchInput}`}
          value={search}
          maxLength={64}
          placeholder={t('agentCentre.downlines.searchHint')}
          data-testid={`${testId}-search`}
          onChange={(event) => setSearch(event.target.value)}
        />
        <button type="submit" className="btn btn--secondary btn--sm">
          {t('agentCentre.downlines.searchSubmit')}
        </button>
      </form>
      {select('level', LEVELS)}
      {(Object.keys(CHOICES) as ChoiceField[]).map((field) => select(field, CHOICES[field]))}
    </div>
  );
};
