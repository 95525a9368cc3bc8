import { MAX_COUNTED_ROWS, type Downline } from '@lanna/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import table from '@/components/ui/records-table.module.css';
import {
  cursorToPage,
  keysetPagerOf,
  PagedRecords,
  RecordsView,
} from '@/components/ui/records-view';
import { formatMinorUnits } from '@/lib/money';
import { formatDateTime } from '@/lib/time';
import { rateText } from '../utils/rate-text';
import { downlinesQuery, type DownlineFilter, type DownlinePlace } from '../api/find-downlines';
import { DownlineFilters, EMPTY_DOWNLINE_FILTER } from './downline-filters';
import styles from './downlines.module.css';

const PAGE_SIZE = 20;
const TEST_ID = 'downlines';

type DownlineListProps = {
  token: string;
  timeZone: string;
  /** The row's 'transfer' action: the route opens the transfer form for this downline. */
  onTransfer: (downline: Downline) => void;
  /** The row's 'request freeze' action: the route opens the freeze request form. */
  onRequestFreeze: (downline: Downline) => void;
};

/** What the status cell says of a freeze: frozen, or where the agents' latest request stands. */
const FreezeNote = ({
  downline,
  label,
}: {
  downline: Downline;
  label: (key: string) => string;
}) => {
  const status = downline.freezeRequest?.status;
  const note = downline.frozen
    ? 'frozen'
    : status === 'pending' || status === 'rejected'
      ? `freeze_${status}`
      : null;
  if (!note) return null;
  return (
    <span
      className={styles.badge}
      data-tone={downline.frozen ? 'danger' : 'muted'}
      data-testid={`${TEST_ID}-freeze-note`}
    >
      {label(note)}
    </span>
  );
};

/**
 * Downline management (spec section 2, agent centre; issue 22 item 1): the agent's whole team,
 * newest registration first, searched by name and filtered by level, status, activity and kind,
 * a page at a time by the cursors each page hands out (decision 016), each row with the
 * contracts the agent gave it, a transfer and a freeze request.
 */
export const DownlineList = ({
  token,
  timeZone,
  onTransfer,
  onRequestFreeze,
}: DownlineListProps) => {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<DownlineFilter>(EMPTY_DOWNLINE_FILTER);
  const [place, setPlace] = useState<DownlinePlace>({ pageNo: 1, pageSize: PAGE_SIZE });
  const downlines = useQuery(downlinesQuery(token, filter, place));
  const label = (key: string) => t(`agentCentre.downlines.${key}`);
  const columns = [
    'account',
    'nickname',
    'level',
    'upline',
    'status',
    'active',
    'balance',
    'registeredAt',
    'lastLoginAt',
    'teamSize',
    'contracts',
    'actions',
  ].map((key) => ({
    key,
    label: label(key),
    number: key === 'balance' || key === 'teamSize',
  }));

  return (
    <section className={table.page} data-testid={TEST_ID}>
      <DownlineFilters
        value={filter}
        testId={TEST_ID}
        onChange={(next) => {
          // A new filter starts again from its first page.
          setFilter(next);
          setPlace({ pageNo: 1, pageSize: PAGE_SIZE });
        }}
      />
      <RecordsView query={downlines} testId={TEST_ID} isEmpty={(page) => page.list.length === 0}>
        {(page) => {
          const money = (minor: string) =>
            `${page.currencySymbol} ${formatMinorUnits(minor, page.currencyDecimals)}`;
          return (
            <div className={styles.scroller}>
              <PagedRecords
                testId={TEST_ID}
                busy={downlines.isFetching}
                page={place.pageNo}
                {...keysetPagerOf(place.pageNo, page, MAX_COUNTED_ROWS)}
                onPage={(next) =>
                  setPlace({
                    pageNo: next,
                    pageSize: PAGE_SIZE,
                    cursor: cursorToPage(next, place.pageNo, page),
                  })
                }
                columns={columns}
              >
                {page.list.map((downline) => (
                  <tr key={downline.id} data-testid={`${TEST_ID}-row`}>
                    <td data-label={label('account')}>
                      <span className={styles.account}>
                        {downline.account}
                        <span
                          className={styles.badge}
                          data-kind={downline.isAgent ? 'agent' : 'member'}
                        >
                          {t(
                            `agentCentre.downlines.kindChoice.${downline.isAgent ? 'agent' : 'member'}`,
                          )}
                        </span>
                      </span>
                    </td>
                    <td data-label={label('nickname')}>{downline.nickname || '-'}</td>
                    <td data-label={label('level')}>{downline.level}</td>
                    <td data-label={label('upline')}>{downline.upline}</td>
                    <td data-label={label('status')}>
                      <span className={styles.status}>
                        {t(`agentCentre.downlines.statusChoice.${downline.status}`)}
                        <FreezeNote downline={downline} label={label} />
                      </span>
                    </td>
                    <td data-label={label('active')}>
                      {t(
                        `agentCentre.downlines.activityChoice.${downline.active ? 'active' : 'inactive'}`,
                      )}
                    </td>
                    <td data-label={label('balance')} className={table.number}>
                      {money(downline.balanceMinor)}
                    </td>
                    <td data-label={label('registeredAt')}>
                      {formatDateTime(new Date(downline.registeredAt), timeZone)}
                    </td>
                    <td data-label={label('lastLoginAt')}>
                      {downline.lastLoginAt
                        ? formatDateTime(new Date(downline.lastLoginAt), timeZone)
                        : label('neverSignedIn')}
                    </td>
                    <td data-label={label('teamSize')} className={table.number}>
                      {downline.teamSize}
                    </td>
                    <td data-label={label('contracts')} data-testid={`${TEST_ID}-contracts`}>
                      {downline.contracts.length === 0
                        ? '-'
                        : downline.contracts
                            .map(
                              (contract) =>
                                `${t(`agentCentre.kind.${contract.kind}`)} ${rateText(contract.topRateBp)}`,
                            )
                            .join(', ')}
                    </td>
                    <td data-label={label('actions')}>
                      <div className={styles.actions}>
                        <button
                          type="button"
                          className="btn btn--secondary btn--sm"
                          aria-label={t('agentCentre.downlines.transferTo', {
                            account: downline.account,
                          })}
                          data-testid={`${TEST_ID}-transfer`}
                          onClick={() => onTransfer(downline)}
                        >
                          {label('transfer')}
                        </button>
                        {!downline.frozen && (
                          <button
                            type="button"
                            className="btn btn--ghost btn--sm"
                            disabled={downline.freezeRequest?.status === 'pending'}
                            aria-label={t('agentCentre.downlines.freezeFor', {
                              account: downline.account,
                            })}
                            data-testid={`${TEST_ID}-freeze`}
                            onClick={() => onRequestFreeze(downline)}
                          >
                            {label('freeze')}
                          </button>
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </PagedRecords>
            </div>
          );
        }}
      </RecordsView>
    </section>
  );
};
