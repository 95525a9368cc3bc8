import type { MemberInfo, Permission } from '@lanna/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { Modal } from '@/components/ui/modal/modal';
import { memberTabPath, type AgentTab } from '@/config/paths';
import { DownlineList } from '@/features/agents/components/downline-list';
import { Invitation } from '@/features/agents/components/invitation';
import { OpenAccountForm } from '@/features/agents/components/open-account-form';
import { TeamOverview } from '@/features/agents/components/team-overview';
import { AnnouncementList } from '@/features/content/components/announcement-list';
import { audienceOf } from '@/features/content/utils/announcement-audience';
import { MessageBox } from '@/features/messages/components/message-box';
import { openServiceWindow } from '@/features/system/utils/open-service-window';
import { TransferToDownline } from '@/features/wallet/components/transfer-to-downline';
import { isFirstLoginSession } from '@/lib/first-login';
import styles from './agent-home.module.css';

export type AgentPageProps = {
  token: string;
  member: MemberInfo;
  timeZone: string;
  permission: Permission;
};

/** The downline list, and the transfer form for the downline a row names. */
const DownlinesPage = ({ token, timeZone }: AgentPageProps) => {
  const { t } = useTranslation();
  const [transferTo, setTransferTo] = useState<string | null>(null);
  return (
    <>
      <DownlineList
        token={token}
        timeZone={timeZone}
        onTransfer={(downline) => setTransferTo(downline.account)}
      />
      <Modal
        name="downlineTransferModal"
        open={transferTo !== null}
        title={t('agentCentre.downlines.transferTo', { account: transferTo ?? '' })}
        closable
        closeLabel={t('common.close')}
        onClose={() => setTransferTo(null)}
      >
        {transferTo !== null && (
          <TransferToDownline key={transferTo} token={token} downline={transferTo} />
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

/**
 * The page of each agent-centre entry; an entry without one shows the 'later release' panel
 * (the team reports, income, contracts, dividends and salaries come with their own work).
 */
export const AGENT_PAGES: Partial<Record<AgentTab, (props: AgentPageProps) => ReactNode>> = {
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
  messages: (props) => <MessagesPage {...props} />,
  customerService: (props) => <CustomerServicePage {...props} />,
  depositWithdraw: () => <DepositWithdrawPage />,
};
