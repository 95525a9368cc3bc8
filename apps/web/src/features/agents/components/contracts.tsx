import type { CurrencyOf } from '@/lib/money';
import { ContractList } from './contract-list';
import styles from './contracts.module.css';
import { OfferContractForm } from './offer-contract-form';

type ContractsProps = { token: string; timeZone: string; currency: CurrencyOf };

/**
 * The contracts page (spec section 2; issue 22 item 3): what the agent's upline gave it, what it
 * gave its direct downline agents, and the form to offer a new one.
 */
export const Contracts = ({ token, timeZone, currency }: ContractsProps) => (
  <div className={styles.page} data-testid="contracts">
    <ContractList token={token} timeZone={timeZone} side="received" />
    <ContractList token={token} timeZone={timeZone} side="offered" />
    <OfferContractForm token={token} timeZone={timeZone} currency={currency} />
  </div>
);
