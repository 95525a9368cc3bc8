import type { ContractRequests as Requests } from '@lanna/contract';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/ui/form/form-alert';
import { useContractActions } from '../hooks/use-contract-actions';
import type { CurrencyOf } from '@/lib/money';
import { ContractTerms } from './contract-terms';
import styles from './contracts.module.css';
import { UndercutList } from './undercut-list';

type ContractRequestsProps = {
  token: string;
  requests: Requests['requests'];
  currency: CurrencyOf;
};

/**
 * The contract pop-up's content (spec sections 2 and 4): each request waiting for the agent. A
 * new contract shows its terms to accept or reject; accepting one that would end the agent's
 * own downline contracts above its rate lists them first and asks again. A termination says
 * who ended which contract and is acknowledged. Each answer refreshes the requests, so the
 * answered one leaves the list, and the pop-up closes when none is left.
 */
export const ContractRequests = ({ token, requests, currency }: ContractRequestsProps) => {
  const { t } = useTranslation();
  const actions = useContractActions(token);
  const label = (key: string) => t(`agentCentre.requests.${key}`);
  const house = t('agentCentre.payouts.house');

  return (
    <ul className={styles.requests} data-testid="contract-requests">
      {requests.map(({ type, contract }) => {
        const busy = actions.busyId === contract.id;
        const held = actions.held?.contract.id === contract.id ? actions.held : null;
        const kind = t(`agentCentre.kind.${contract.kind}`);
        const titleId = `contract-request-${contract.id}`;
        return (
          <li
            key={`${type}:${contract.id}`}
            className={styles.request}
            aria-labelledby={titleId}
            data-testid="contract-request"
          >
            <h3 id={titleId} className={styles.requestTitle}>
              {type === 'new_contract'
                ? t('agentCentre.requests.newTitle', { kind, account: contract.upline ?? house })
                : t('agentCentre.requests.endedTitle', { kind })}
            </h3>
            {type === 'new_contract' ? (
              <ContractTerms terms={contract.terms} currency={currency} testId={titleId} />
            ) : (
              <p>
                {t(`agentCentre.requests.endedBy.${contract.endedBy ?? 'operator'}`, {
                  account:
                    contract.endedBy === 'downline'
                      ? contract.downline
                      : (contract.upline ?? house),
                })}
              </p>
            )}
            {held && <UndercutList contracts={held.undercut} />}
            {actions.failure?.id === contract.id && <FormAlert>{actions.failure.text}</FormAlert>}
            <div className={styles.buttons}>
              {type === 'termination' ? (
                <button
                  type="button"
                  className="btn btn--primary"
                  disabled={busy}
                  aria-busy={busy}
                  onClick={() => void actions.run('acknowledge', contract)}
                >
                  {label('ok')}
                </button>
              ) : held ? (
                <>
                  <button
                    type="button"
                    className="btn btn--primary"
                    disabled={busy}
                    aria-busy={busy}
                    onClick={() => void actions.confirmUndercut()}
                  >
                    {label('confirmUndercut')}
                  </button>
                  <button
                    type="button"
                    className="btn btn--ghost"
                    disabled={busy}
                    onClick={actions.cancelUndercut}
                  >
                    {t('agentCentre.cancel')}
                  </button>
                </>
              ) : (
                <>
                  <button
                    type="button"
                    className="btn btn--primary"
                    disabled={busy}
                    aria-busy={busy}
                    onClick={() => void actions.run('accept', contract)}
                  >
                    {label('accept')}
                  </button>
                  <button
                    type="button"
                    className="btn btn--secondary"
                    disabled={busy}
                    onClick={() => void actions.run('reject', contract)}
                  >
                    {label('reject')}
                  </button>
                </>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
};
