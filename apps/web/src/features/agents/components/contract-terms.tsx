import type { ContractTerms as Terms } from '@lanna/contract';
import { useTranslation } from 'react-i18next';
import table from '@/components/ui/records-table.module.css';
import { RecordsTable } from '@/components/ui/records-view';
import { moneyText, type CurrencyOf } from '@/lib/money';
import { rateText } from '../utils/rate-text';
import styles from './contracts.module.css';

type ContractTermsProps = { terms: Terms; currency: CurrencyOf; testId?: string };

/** A tier's threshold in its basis' unit: an amount, or a number of members. */
export const thresholdText = (
  terms: Pick<Terms, 'basis'>,
  threshold: string,
  currency: CurrencyOf,
  members: (count: string) => string,
): string =>
  terms.basis === 'active_members' ? members(threshold) : moneyText(currency, threshold);

/**
 * A contract's terms as the agent reads them before answering (spec section 4): its kind, the
 * dividend period, what picks the tier and how, the minimum bet, and the tiers as a table.
 */
export const ContractTerms = ({ terms, currency, testId }: ContractTermsProps) => {
  const { t } = useTranslation();
  const label = (key: string) => t(`agentCentre.contracts.${key}`);
  const salary = terms.kind !== 'dividend';
  const columns = [
    { key: 'threshold', label: label('threshold'), number: true },
    { key: 'minActiveMembers', label: label('minActiveMembers'), number: true },
    { key: 'rate', label: label(salary ? 'winRate' : 'rate'), number: true },
    ...(salary ? [{ key: 'lossRate', label: label('lossRate'), number: true }] : []),
  ];
  return (
    <div className={styles.terms} data-testid={testId}>
      <dl className={styles.facts}>
        <div>
          <dt>{label('kind')}</dt>
          <dd>{t(`agentCentre.kind.${terms.kind}`)}</dd>
        </div>
        {terms.period && (
          <div>
            <dt>{label('period')}</dt>
            <dd>{t(`agentCentre.period.${terms.period}`)}</dd>
          </div>
        )}
        <div>
          <dt>{label('basis')}</dt>
          <dd>{t(`agentCentre.basis.${terms.basis}`)}</dd>
        </div>
        <div>
          <dt>{label('tiering')}</dt>
          <dd>{t(`agentCentre.tiering.${terms.tiering}`)}</dd>
        </div>
        <div>
          <dt>{label('minBet')}</dt>
          <dd>{moneyText(currency, terms.minBetMinor)}</dd>
        </div>
      </dl>
      <RecordsTable columns={columns} testId={`${testId ?? 'contract'}-tiers`}>
        {terms.tiers.map((tier) => (
          <tr key={tier.threshold}>
            <td data-label={label('threshold')} className={table.number}>
              {thresholdText(terms, tier.threshold, currency, (count) =>
                t('agentCentre.contracts.members', { count: Number(count) }),
              )}
            </td>
            <td data-label={label('minActiveMembers')} className={table.number}>
              {tier.minActiveMembers}
            </td>
            <td data-label={columns[2]?.label} className={table.number}>
              {rateText(tier.rateBp)}
            </td>
            {salary && (
              <td data-label={label('lossRate')} className={table.number}>
                {rateText(tier.lossRateBp ?? tier.rateBp)}
              </td>
            )}
          </tr>
        ))}
      </RecordsTable>
    </div>
  );
};
