import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '@/lib/api/api-error';
import { EmptyState } from './empty-state';
import type { IconName } from './icon';
import { LoadError } from './load-error';
import { Pagination } from './pagination';
import table from './records-table.module.css';
import { Spinner } from './spinner';

type RecordsViewProps<T> = {
  query: UseQueryResult<T>;
  /** The list's test id: its error reads `${testId}-error`. */
  testId: string;
  /** Whether what came back has nothing to show ('no data'). */
  isEmpty: (value: T) => boolean;
  children: (value: T) => ReactNode;
  /** What stands in while the first answer loads; a spinner unless the list gives one. */
  skeleton?: ReactNode;
  /** The picture of 'no data'; a receipt for records. */
  emptyIcon?: IconName;
  /** What 'no data' says, when a list has better words; 'No data' otherwise. */
  emptyMessage?: ReactNode;
  /** Where to go from an empty list (a link to where its records come from). */
  emptyAction?: ReactNode;
};

/**
 * The states every list read from the server goes through (member-centre records, the
 * promotions centre): loading, a load error with a retry (only while nothing was loaded yet, so
 * a failed page change keeps the page shown), 'no data', then the records themselves.
 */
export const RecordsView = <T,>({
  query,
  testId,
  isEmpty,
  children,
  skeleton,
  emptyIcon = 'receipt',
  emptyMessage,
  emptyAction,
}: RecordsViewProps<T>) => {
  const { t } = useTranslation();
  const value = query.data;
  if (query.isPending) return skeleton ?? <Spinner label={t('common.loading')} centred />;
  if (query.isError && value === undefined) {
    return (
      <LoadError
        message={t(errorMessageKey(query.error))}
        onRetry={() => void query.refetch()}
        testId={`${testId}-error`}
      />
    );
  }
  if (value === undefined || isEmpty(value)) {
    return (
      <EmptyState message={emptyMessage ?? t('no data')} icon={emptyIcon} action={emptyAction} />
    );
  }
  return <>{children(value)}</>;
};

export type RecordsColumn = { key: string; label: string; number?: boolean };

type RecordsTableProps = {
  columns: readonly RecordsColumn[];
  testId: string;
  /** A newer page or filter is loading: the rows shown dim until it comes. */
  busy?: boolean;
  /** The table's rows, each cell with its column's label as data-label for the phone layout. */
  children: ReactNode;
};

/** A records table with its header row; numeric columns align right. */
export const RecordsTable = ({ columns, testId, busy, children }: RecordsTableProps) => (
  <table className={table.table} aria-busy={busy} data-testid={testId}>
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column.key} scope="col" className={column.number ? table.number : undefined}>
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
    <tbody>{children}</tbody>
  </table>
);

type TableSkeletonProps = { columns: readonly RecordsColumn[]; rows?: number };

/**
 * A records table's shape while its first page loads: the header and grey rows of a page's
 * height, so nothing below moves when the rows come.
 */
export const TableSkeleton = ({ columns, rows = 5 }: TableSkeletonProps) => {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('common.loading')}>
      <RecordsTable columns={columns} testId="records-skeleton">
        {Array.from({ length: rows }, (_, row) => (
          <tr key={row} aria-hidden="true">
            {columns.map((column) => (
              <td key={column.key} data-label={column.label}>
                <span className={table.skeleton} />
              </td>
            ))}
          </tr>
        ))}
      </RecordsTable>
    </div>
  );
};

type PagedRecordsProps = Omit<RecordsTableProps, 'testId'> & {
  /** The list's test id: the table reads `${testId}-table`, the page links `${testId}-pages`. */
  testId: string;
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  totalLabel?: string;
};

/** A page of records and the links to the other pages. */
export const PagedRecords = ({
  testId,
  page,
  totalPages,
  onPage,
  totalLabel,
  ...table
}: PagedRecordsProps) => (
  <>
    <RecordsTable {...table} testId={`${testId}-table`} />
    <Pagination
      page={page}
      totalPages={totalPages}
      onChange={onPage}
      totalLabel={totalLabel}
      testId={`${testId}-pages`}
    />
  </>
);

/** Where a list paged by keyset (decision 016) stands: the fields of its page value. */
type KeysetPage = {
  totalPages: number;
  totalCapped: boolean;
  nextCursor: string | null;
  prevCursor: string | null;
};

/**
 * The cursor to reach page `next` from page `current` on screen: the next and previous pages
 * by the cursors it handed out, so they stay put while new rows arrive; page 1 and any other
 * page by its number.
 */
export const cursorToPage = (
  next: number,
  current: number,
  page: KeysetPage,
): string | undefined => {
  if (next === 1) return undefined;
  if (next === current + 1) return page.nextCursor ?? undefined;
  if (next === current - 1) return page.prevCursor ?? undefined;
  return undefined;
};

/**
 * The pager's page count and total of a keyset list: past a capped count the list goes on as
 * long as there is a next page, and the total reads `countLimit+` ('10,000+').
 */
export const keysetPagerOf = (current: number, page: KeysetPage, countLimit: number) => ({
  totalPages: Math.max(page.totalPages, page.nextCursor ? current + 1 : current),
  totalLabel: page.totalCapped ? `${countLimit.toLocaleString('en-US')}+` : undefined,
});
