import type { ContractKind, MemberInfo, Permission } from '@lanna/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { Modal } from '@/components/ui/modal/modal';
import { memberTabPath, type AgentTab } from '@/config/paths';
import { Contracts } from '@/features/agents/components/contracts';
import { DownlineList } from '@/features/agents/components/downline-list';
import { FreezeRequestForm } from '@/features/agents/components/freeze-request-form';
import { Invitation } from '@/features/agents/components/invitation';
import { OpenAccountForm } from '@/features/agents/components/open-account-form';
import { PayoutList } from '@/features/agents/components/payout-list';
import { TeamBetting } from '@/features/agents/components/team-betting';
import { TeamOverview } from '@/features/agents/components/team-overview';
import { TeamTransactions } from '@/features/agents/components/team-transactions';
import { UserLoss } from '@/features/agents/components/user-loss';
import { AnnouncementList } from '@/features/content/components/announcement-list';
import { audienceOf } from '@/features/content/utils/announcement-audience';
import { MessageBox } from '@/features/messages/components/message-box';
import { openServiceWindow } from '@/features/system/utils/open-service-window';
import { AccountRecord } from '@/features/wallet/components/account-record';
import { TransferToDownline } from '@/features/wallet/components/transfer-to-downline';
import { isFirstLoginSession } from '@/lib/first-login';
import styles from './agent-home.module.css';

export type AgentPageProps = {
  token: string;
  member: MemberInfo;
  timeZone: string;
  permission: Permission;
  /** The merchant's currency, for amounts the agent types and answers that carry none. */
  currency: { currencySymbol: string; currencyDecimals: number };
};

/** The downline list, and the transfer and freeze request forms for the downline a row names. */
const DownlinesPage = ({ token, timeZone }: AgentPageProps) => {
  const { t } = useTranslation();
  const [transferTo, setTransferTo] = useState<string | null>(null);
  const [freezeOf, setFreezeOf] = useState<string | null>(null);
  return (
    <>
      <DownlineList
        token={token}
        timeZone={timeZone}
        onTransfer={(downline) => setTransferTo(downline.account)}
        onRequestFreeze={(downline) => setFreezeOf(downline.account)}
      />
      <Modal
        name="downlineFreezeModal"
        open={freezeOf !== null}
        title={t('agentCentre.downlines.freezeFor', { account: freezeOf ?? '' })}
        closable
        closeLabel={t('common.close')}
        onClose={() => setFreezeOf(null)}
      >
        {freezeOf !== null && (
          <FreezeRequestForm
            key={freezeOf}
            token={token}
            account={freezeOf}
            onDone={() => setFreezeOf(null)}
          />
        )}
      </Modal>
      <Modal
        name="downlineTransferModal"
        open={transferTo !== null}
        title={t('agentCentre.downlines.transferTo', { account: transferTo ?? '' })}
        closable
        closeLabel={t('common.close')}
        onClose={() => setTransferTo(null)}
      >
        {transferTo !== null && (
          <TransferToDownline key={transferTo} token={token} downline={transferTo} bare />
        )}
      </Modal>
    </>
  );
};

/** The agents' support hours (spec section 9) and the merchant's customer-service links. */
const CustomerServicePage = ({ permission }: AgentPageProps) => {
  const { t } = useTranslation();
  return (
    <div className={styles.panel} data-testid="agent-customer-service">
      <p className={styles.hours}>
        <Icon name="clock" size={18} />
        {t('agentCentre.support.hours')}
      </p>
      <ul className={styles.links}>
        {permission.customerService.map((entry) => (
          <li key={`${entry.csType}:${entry.path}`}>
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() => openServiceWindow(entry.path)}
            >
              <Icon name="headset" size={16} />
              {entry.title}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
};

/** Money moves through the member centre's own pages. */
const DepositWithdrawPage = () => {
  const { t } = useTranslation();
  return (
    <div className={styles.panel} data-testid="agent-deposit-withdraw">
      <p>{t('agentCentre.money.lead')}</p>
      <div className={styles.links}>
        <Link to={memberTabPath('deposit')} className="btn btn--primary">
          <Icon name="wallet" size={16} />
          {t('memberTabs.deposit')}
        </Link>
        <Link to={memberTabPath('withdrawal')} className="btn btn--secondary">
          <Icon name="coins" size={16} />
          {t('memberTabs.withdrawal')}
        </Link>
      </div>
    </div>
  );
};

const PAYOUT_SIDES = ['received', 'paid'] as const;

/** One kind of salary or dividend, received or paid to the downlines (a tab each). */
const PayoutsOfKind = ({ token, timeZone, kind }: AgentPageProps & { kind: ContractKind }) => (
  <PayoutList
    key={kind}
    token={token}
    timeZone={timeZone}
    kind={kind}
    sides={PAYOUT_SIDES}
    testId={`payouts-${kind}`}
  />
);
/** Both boxes of the member centre's messages, one under the other. */
const MessagesPage = ({ token, timeZone }: AgentPageProps) => {
  const { t } = useTranslation();
  return (
    <div className={styles.sections}>
      {(['platform', 'internal'] as const).map((kind) => (
        <section key={kind} className={styles.sections}>
          <h2 className={styles.sectionTitle}>{t(`memberTabs.${kind}Messages`)}</h2>
          <MessageBox token={token} kind={kind} timeZone={timeZone} />
        </section>
      ))}
    </div>
  );
};

/** The page of each agent-centre entry. */
export const AGENT_PAGES: Record<AgentTab, (props: AgentPageProps) => ReactNode> = {
  announcement: ({ member, timeZone }) => (
    <AnnouncementList audience={audienceOf(member, isFirstLoginSession())} timeZone={timeZone} />
  ),
  teamOverview: ({ token, timeZone }) => <TeamOverview token={token} timeZone={timeZone} />,
  openAccount: ({ token, permission }) => (
    <div className={styles.twoUp}>
      <OpenAccountForm token={token} rules={permission.registerRules} />
      <Invitation token={token} />
    </div>
  ),
  downlines: (props) => <DownlinesPage {...props} />,
  teamBetting: ({ token, timeZone }) => <TeamBetting token={token} timeZone={timeZone} />,
  teamTransactions: ({ token, timeZone }) => <TeamTransactions token={token} timeZone={timeZone} />,
  userLoss: ({ token, timeZone }) => <UserLoss token={token} timeZone={timeZone} />,
  myIncome: ({ token, timeZone }) => (
    <PayoutList token={token} timeZone={timeZone} sides={['received']} testId="my-income" />
  ),
  // The agent's own account record, as the member centre shows it.
  accountDetails: ({ token, timeZone }) => (
    <AccountRecord token={token} timeZone={timeZone} testId="account-details" />
  ),
  contracts: ({ token, timeZone, currency }) => (
    <Contracts token={token} timeZone={timeZone} currency={currency} />
  ),
  dividendRecord: (props) => <PayoutsOfKind {...props} kind="dividend" />,
  dailyWages: (props) => <PayoutsOfKind {...props} kind="daily_salary" />,
  hourlySalary: (props) => <PayoutsOfKind {...props} kind="hourly_salary" />,
  realTimeSalary: (props) => <PayoutsOfKind {...props} kind="realtime_salary" />,
  messages: (props) => <MessagesPage {...props} />,
  customerService: (props) => <CustomerServicePage {...props} />,
  depositWithdraw: () => <DepositWithdrawPage />,
};
