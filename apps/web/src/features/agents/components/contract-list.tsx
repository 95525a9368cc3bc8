import {
  CONTRACT_KINDS,
  ContractStatusSchema,
  MAX_COUNTED_ROWS,
  type Contract,
} from '@lanna/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormAlert } from '@/components/ui/form/form-alert';
import table from '@/components/ui/records-table.module.css';
import {
  cursorToPage,
  keysetPagerOf,
  PagedRecords,
  RecordsView,
  TableSkeleton,
} from '@/components/ui/records-view';
import { formatDateTime } from '@/lib/time';
import {
  contractsQuery,
  type ContractFilter,
  type ContractSide,
  type KeysetPlace,
} from '../api/find-contracts';
import { useContractActions } from '../hooks/use-contract-actions';
import { rateText } from '../utils/rate-text';
import styles from './contracts.module.css';
import payouts from './payouts.module.css';
import { UndercutList } from './undercut-list';

const PAGE_SIZE = 10;
const FIRST_PAGE: KeysetPlace = { pageNo: 1, pageSize: PAGE_SIZE };
const COLUMNS = [
  'kind',
  'counterpart',
  'status',
  'topRate',
  'offeredAt',
  'decidedAt',
  'endedAt',
  'actions',
] as const;
const STATUSES = ContractStatusSchema.options;

type ContractListProps = { token: string; timeZone: string; side: ContractSide };

/** A contract that can still be ended from this side: active, or an offer not yet answered. */
type Ending = { contract: Contract; withdraw: boolean };

/**
 * One side of the agent's contracts (spec section 4; issue 22 item 3): received from its upline
 * (or the house), or offered to its downlines, newest first with their history, filtered by
 * kind and status. A pending offer received is accepted or rejected here as in the pop-up; an
 * active contract is ended, and an offer not yet answered withdrawn, after a confirmation.
 */
export const ContractList = ({ token, timeZone, side }: ContractListProps) => {
  const { t } = useTranslation();
  const base = useId();
  const testId = `contracts-${side}`;
  const [filter, setFilter] = useState<ContractFilter>({ kind: '', status: '' });
  const [place, setPlace] = useState<KeysetPlace>(FIRST_PAGE);
  const [ending, setEnding] = useState<Ending | null>(null);
  const contracts = useQuery(contractsQuery(token, side, filter, place));
  const actions = useContractActions(token);
  const label = (key: string) => t(`agentCentre.contracts.${key}`);
  const columns = COLUMNS.map((key) => ({ key, label: label(key), number: key === 'topRate' }));
  const dateOf = (iso: string | null) => (iso ? formatDateTime(new Date(iso), timeZone) : '-');

  const select = (field: keyof ContractFilter, options: readonly string[], prefix: string) => (
    <label className={table.field} htmlFor={`${base}-${field}`}>
      <span className={table.fieldLabel}>{label(field)}</span>
      <select
        id={`${base}-${field}`}
        className={table.select}
        value={filter[field]}
        data-testid={`${testId}-${field}`}
        onChange={(event) => {
          setFilter({ ...filter, [field]: event.target.value });
          setPlace(FIRST_PAGE);
        }}
      >
        <option value="">{t('agentCentre.downlines.all')}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {t(`${prefix}.${option}`)}
          </option>
        ))}
      </select>
    </label>
  );

  const actionsOf = (contract: Contract) => {
    const busy = actions.busyId === contract.id;
    const button = (key: string, onClick: () => void, primary = false) => (
      <button
        type="button"
        className={`btn ${primary ? 'btn--primary' : 'btn--secondary'} btn--sm`}
        disabled={busy}
        aria-busy={busy}
        data-testid={`${testId}-${key}`}
        onClick={onClick}
      >
        {label(key)}
      </button>
    );
    if (side === 'received' && contract.status === 'pending')
      return (
        <>
          {button('accept', () => void actions.run('accept', contract), true)}
          {button('reject', () => void actions.run('reject', contract))}
        </>
      );
    if (contract.status === 'active')
      return button('terminate', () => setEnding({ contract, withdraw: false }));
    if (side === 'offered' && contract.status === 'pending')
      return button('withdraw', () => setEnding({ contract, withdraw: true }));
    return '-';
  };

  return (
    <section className={styles.section} aria-labelledby={`${base}-title`} data-testid={testId}>
      <div className={styles.sectionHead}>
        <h2 id={`${base}-title`} className={styles.sectionTitle}>
          {label(`side.${side}`)}
        </h2>
        <div className={table.filters}>
          {select('kind', CONTRACT_KINDS, 'agentCentre.kind')}
          {select('status', STATUSES, 'agentCentre.contracts.statusChoice')}
        </div>
      </div>
      <div aria-live="polite">
        {actions.failure && (
          <FormAlert testId={`${testId}-error`}>{actions.failure.text}</FormAlert>
        )}
      </div>
      <RecordsView
        query={contracts}
        testId={testId}
        isEmpty={(page) => page.list.length === 0}
        skeleton={<TableSkeleton columns={columns} rows={3} />}
      >
        {(page) => (
          <div className={payouts.scroller}>
            <PagedRecords
              testId={testId}
              busy={contracts.isFetching}
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
              {page.list.map((contract) => (
                <tr key={contract.id} data-testid={`${testId}-row`}>
                  <td data-label={label('kind')}>{t(`agentCentre.kind.${contract.kind}`)}</td>
                  <td data-label={label('counterpart')}>
                    {side === 'received'
                      ? (contract.upline ?? t('agentCentre.payouts.house'))
                      : contract.downline}
                  </td>
                  <td data-label={label('status')}>
                    <span className={payouts.status} data-status={contract.status}>
                      {label(`statusChoice.${contract.status}`)}
                    </span>
                  </td>
                  <td data-label={label('topRate')} className={table.number}>
                    {rateText(contract.topRateBp)}
                  </td>
                  <td data-label={label('offeredAt')}>{dateOf(contract.offeredAt)}</td>
                  <td data-label={label('decidedAt')}>{dateOf(contract.decidedAt)}</td>
                  <td data-label={label('endedAt')}>
                    {dateOf(contract.endedAt)}
                    {contract.endedBy && (
                      <span className={payouts.due}>{label(`endedBy.${contract.endedBy}`)}</span>
                    )}
                  </td>
                  <td data-label={label('actions')}>
                    <span className={payouts.actions}>{actionsOf(contract)}</span>
                  </td>
                </tr>
              ))}
            </PagedRecords>
          </div>
        )}
      </RecordsView>
      <ConfirmDialog
        name={`contractEnd-${side}`}
        open={ending !== null}
        title={label(ending?.withdraw ? 'withdrawTitle' : 'terminateTitle')}
        confirmLabel={label(ending?.withdraw ? 'withdraw' : 'terminate')}
        cancelLabel={t('agentCentre.cancel')}
        busy={ending !== null && actions.busyId === ending.contract.id}
        confirmTestId={`${testId}-end-confirm`}
        onCancel={() => setEnding(null)}
        onConfirm={() => {
          if (!ending) return;
          void actions.run('terminate', ending.contract).then(() => setEnding(null));
        }}
      >
        {ending &&
          t(`agentCentre.contracts.${ending.withdraw ? 'withdrawQuestion' : 'terminateQuestion'}`, {
            kind: t(`agentCentre.kind.${ending.contract.kind}`),
            account:
              side === 'received'
                ? (ending.contract.upline ?? t('agentCentre.payouts.house'))
                : ending.contract.downline,
          })}
      </ConfirmDialog>
      <ConfirmDialog
        name={`contractUndercut-${side}`}
        open={actions.held !== null}
        title={label('undercutTitle')}
        confirmLabel={label('confirmUndercut')}
        cancelLabel={t('agentCentre.cancel')}
        busy={actions.held !== null && actions.busyId === actions.held.contract.id}
        confirmTestId={`${testId}-undercut-confirm`}
        onCancel={actions.cancelUndercut}
        onConfirm={() => void actions.confirmUndercut()}
      >
        {actions.held && <UndercutList contracts={actions.held.undercut} />}
      </ConfirmDialog>
    </section>
  );
};
