import { useTranslation } from 'react-i18next';
import type { UndercutContract } from '@/lib/api/api-error';
import { rateText } from '../utils/rate-text';
import styles from './contracts.module.css';

/** The agent's own downline contracts that accepting an offer would end, with their rates. */
export const UndercutList = ({ contracts }: { contracts: readonly UndercutContract[] }) => {
  const { t } = useTranslation();
  return (
    <>
      <p>{t('agentCentre.contracts.undercutLead')}</p>
      <ul className={styles.undercut} data-testid="contract-undercut-list">
        {contracts.map((contract) => (
          <li key={contract.id}>
            {t('agentCentre.contracts.undercutItem', {
              account: contract.downline,
              rate: rateText(contract.topRateBp),
            })}
          </li>
        ))}
      </ul>
    </>
  );
};
