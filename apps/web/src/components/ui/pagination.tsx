import { useTranslation } from 'react-i18next';
import { Icon } from './icon';
import { pageItems } from './page-items';
import styles from './pagination.module.css';

type PaginationProps = {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  /** Pages around the current one and at each end (spec section 9: range 3-5, margin 1-2). */
  range?: number;
  margin?: number;
  /** Beside the links, how many rows there are when the list says (a capped count: '10,000+'). */
  totalLabel?: string;
  testId?: string;
};

/**
 * Page links for a list: shown only with more than one page, previous and next at the ends,
 * the current page marked for assistive technology, gaps where pages are left out.
 */
export const Pagination = ({
  page,
  totalPages,
  onChange,
  range = 3,
  margin = 1,
  totalLabel,
  testId = 'pagination',
}: PaginationProps) => {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  const go = (next: number) => {
    if (next >= 1 && next <= totalPages && next !== page) onChange(next);
  };
  return (
    <nav className={styles.pagination} aria-label={t('common.pagination')} data-testid={testId}>
      <button
        type="button"
        className={styles.step}
        aria-label={t('common.previousPage')}
        disabled={page <= 1}
        onClick={() => go(page - 1)}
      >
        <Icon name="chevronLeft" size={16} />
      </button>
      {pageItems(page, totalPages, { range, margin }).map((item, index) =>
        item === 'gap' ? (
          <span key={`gap-${index}`} className={styles.gap} aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={item}
            type="button"
            className={styles.page}
            aria-current={item === page ? 'page' : undefined}
            aria-label={t('common.pageNumber', { page: item })}
            data-testid={`${testId}-page-${item}`}
            onClick={() => go(item)}
          >
            {item}
          </button>
        ),
      )}
      <button
        type="button"
        className={styles.step}
        aria-label={t('common.nextPage')}
        disabled={page >= totalPages}
        onClick={() => go(page + 1)}
      >
        <Icon name="chevronRight" size={16} />
      </button>
      {totalLabel === undefined ? null : (
        <span className={styles.gap} data-testid={`${testId}-total`}>
          {totalLabel}
        </span>
      )}
    </nav>
  );
};
