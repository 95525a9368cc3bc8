import { MAX_COUNTED_ROWS, type ContractKind, type Payout } from '@lanna/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DateRangeFilter, presetRange, type DateRange } from '@/components/ui/date-range-filter';
import { FormAlert } from '@/components/ui/form/form-alert';
import { failureText } from '@/components/ui/form/failure-text';
import { Tabs, tabPanelId, useTabsBase } from '@/components/ui/form/tabs';
import table from '@/components/ui/records-table.module.css';
import {
  cursorToPage,
  keysetPagerOf,
  PagedRecords,
  RecordsView,
  TableSkeleton,
} from '@/components/ui/records-view';
import { formatDateTime } from '@/lib/time';
import type { KeysetPlace } from '../api/find-contracts';
import { payoutsKey, payoutsQuery, type PayoutSide } from '../api/find-payouts';
import { payDividendRequest } from '../api/pay-dividend';
import { moneyText } from '@/lib/money';
import styles from './payouts.module.css';

const PAGE_SIZE = 20;
const FIRST_PAGE: KeysetPlace = { pageNo: 1, pageSize: PAGE_SIZE };
const COLUMNS = [
  'kind',
  'period',
  'counterpart',
  'validBet',
  'loss',
  'activeMembers',
  'amount',
  'status',
  'actions',
] as const;
const NUMBER_COLUMNS = new Set<string>(['validBet', 'loss', 'activeMembers', 'amount']);

type PayoutListProps = {
  token: string;
  timeZone: string;
  /** One kind (a salary or dividends page), or every kind (my income). */
  kind?: ContractKind | undefined;
  /** The sides the page offers: my income only what was received. */
  sides: readonly PayoutSide[];
  testId: string;
};

/**
 * The agent's salaries and dividends (spec sections 2 and 4; issue 22 item 3), received from
 * its upline or the house, or paid to its downlines, newest period first, with what the range
 * moved per kind on top. A dividend the agent still owes ('due') can be paid at once: unpaid
 * past its time the house pays it and freezes the agent (spec section 4).
 */
export const PayoutList = ({ token, timeZone, kind, sides, testId }: PayoutListProps) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const tabsBase = useTabsBase();
  const [side, setSide] = useState<PayoutSide>(sides[0] ?? 'received');
  const [range, setRange] = useState<DateRange>(() => presetRange('last30', timeZone));
  const [place, setPlace] = useState<KeysetPlace>(FIRST_PAGE);
  const [paying, setPaying] = useState<Payout | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [paid, setPaid] = useState<string | null>(null);
  const payouts = useQuery(
    payoutsQuery(token, { side, kind, from: range.from, to: range.to }, place),
  );
  const label = (key: string) => t(`agentCentre.payouts.${key}`);
  const columns = COLUMNS.map((key) => ({
    key,
    label: label(key),
    number: NUMBER_COLUMNS.has(key),
  }));

  const pay = async (payout: Payout) => {
    setBusy(true);
    setFailure(null);
    try {
      await payDividendRequest(payout.id);
      setPaid(payout.counterpart ?? label('house'));
      void queryClient.invalidateQueries({ queryKey: payoutsKey(token) });
    } catch (caught) {
      setFailure(failureText(t, caught));
    } finally {
      setBusy(false);
      setPaying(null);
    }
  };

  const list = (
    <div className={table.page}>
      <DateRangeFilter
        value={range}
        timeZone={timeZone}
        testId={`${testId}-dates`}
        pastOnly
        onChange={(next) => {
          setRange(next);
          setPlace(FIRST_PAGE);
        }}
      />
      <div aria-live="polite">
        {failure && <FormAlert testId={`${testId}-pay-error`}>{failure}</FormAlert>}
        {paid && (
          <FormAlert tone="success" testId={`${testId}-paid`}>
            {t('agentCentre.payouts.paidTo', { account: paid })}
          </FormAlert>
        )}
      </div>
      <RecordsView
        query={payouts}
        testId={testId}
        isEmpty={(page) => page.list.length === 0 && page.totals.length === 0}
        skeleton={<TableSkeleton columns={columns} />}
      >
        {(page) => (
          <div className={styles.scroller}>
            <dl className={styles.totals} data-testid={`${testId}-totals`}>
              {page.totals.map((total) => (
                <div key={total.kind} className={styles.total}>
                  <dt className={styles.totalLabel}>{t(`agentCentre.kind.${total.kind}`)}</dt>
                  <dd className={styles.totalValue}>{moneyText(page, total.amountMinor)}</dd>
                </div>
              ))}
            </dl>
            <PagedRecords
              testId={testId}
              busy={payouts.isFetching}
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
              {page.list.map((payout) => (
                <tr key={payout.id} data-testid={`${testId}-row`}>
                  <td data-label={label('kind')}>{t(`agentCentre.kind.${payout.kind}`)}</td>
                  <td data-label={label('period')}>
                    {formatDateTime(new Date(payout.periodStart), timeZone)} –{' '}
                    {formatDateTime(new Date(payout.periodEnd), timeZone)}
                  </td>
                  <td data-label={label('counterpart')}>{payout.counterpart ?? label('house')}</td>
                  <td data-label={label('validBet')} className={table.number}>
                    {moneyText(page, payout.validBetMinor)}
                  </td>
                  <td data-label={label('loss')} className={table.number}>
                    {moneyText(page, payout.lossMinor)}
                  </td>
                  <td data-label={label('activeMembers')} className={table.number}>
                    {payout.activeMembers}
                  </td>
                  <td data-label={label('amount')} className={table.number}>
                    {moneyText(page, payout.amountMinor)}
                  </td>
                  <td data-label={label('status')}>
                    <span className={styles.status} data-status={payout.status}>
                      {t(`agentCentre.payouts.statusChoice.${payout.status}`)}
                    </span>
                    {payout.status === 'due' && payout.dueAt && (
                      <span className={styles.due}>
                        {t('agentCentre.payouts.dueAt', {
                          time: formatDateTime(new Date(payout.dueAt), timeZone),
                        })}
                      </span>
                    )}
                  </td>
                  <td data-label={label('actions')}>
                    {side === 'paid' && payout.status === 'due' ? (
                      <button
                        type="button"
                        className="btn btn--primary btn--sm"
                        data-testid={`${testId}-pay`}
                        onClick={() => {
                          setPaid(null);
                          setPaying(payout);
                        }}
                      >
                        {label('payNow')}
                      </button>
                    ) : (
                      '-'
                    )}
                  </td>
                </tr>
              ))}
            </PagedRecords>
          </div>
        )}
      </RecordsView>
    </div>
  );

  return (
    <section className={table.page} data-testid={testId}>
      {sides.length > 1 ? (
        <>
          <Tabs
            base={tabsBase}
            label={label('side')}
            tabs={sides.map((id) => ({
              id,
              label: label(`sideChoice.${id}`),
              testId: `${testId}-side-${id}`,
            }))}
            value={side}
            onChange={(next) => {
              setSide(next);
              setPlace(FIRST_PAGE);
              setFailure(null);
              setPaid(null);
            }}
          />
          <div role="tabpanel" id={tabPanelId(tabsBase, side)}>
            {list}
          </div>
        </>
      ) : (
        list
      )}
      <ConfirmDialog
        name="payDividendModal"
        open={paying !== null}
        title={label('payTitle')}
        confirmLabel={label('payNow')}
        cancelLabel={t('agentCentre.cancel')}
        busy={busy}
        confirmTestId={`${testId}-pay-confirm`}
        onConfirm={() => paying && void pay(paying)}
        onCancel={() => setPaying(null)}
      >
        {paying &&
          payouts.data &&
          t('agentCentre.payouts.payQuestion', {
            amount: moneyText(payouts.data, paying.amountMinor),
            account: paying.counterpart ?? label('house'),
          })}
      </ConfirmDialog>
    </section>
  );
};
