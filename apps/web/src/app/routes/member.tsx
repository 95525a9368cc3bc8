import { BONUS_RECORD_TYPES, type MemberInfo, type Permission } from '@lanna/contract';
import { useEffect, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PagePlaceholder } from '@/components/ui/page-placeholder';
import { Spinner } from '@/components/ui/spinner';
import {
  MEMBER_TABS,
  memberTabPath,
  paths,
  SECURITY_SECTION_ID,
  type MemberTab,
} from '@/config/paths';
import { RealAccountNotice } from '@/features/auth/components/real-account-notice';
import { SecurityCenter } from '@/features/auth/components/security-center';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { BettingRecord } from '@/features/betting/components/betting-record';
import { ProfitLoss } from '@/features/betting/components/profit-loss';
import { MessageBox } from '@/features/messages/components/message-box';
import { UnreadBadge } from '@/features/messages/components/unread-badge';
import { DepositPage } from '@/features/payments/components/deposit-page';
import { WithdrawalPage } from '@/features/payments/components/withdrawal-page';
import { BonusGrants } from '@/features/promotions/components/bonus-grants';
import { MissionActivity } from '@/features/promotions/components/mission-activity';
import { MissionBadge } from '@/features/promotions/components/mission-badge';
import { RewardCentre } from '@/features/promotions/components/reward-centre';
import { RewardBadge } from '@/features/promotions/components/reward-badge';
import { AccountRecord } from '@/features/wallet/components/account-record';
import { MyWallet } from '@/features/wallet/components/my-wallet';
import { TransferToUpline } from '@/features/wallet/components/transfer-to-upline';
import { errorMessageKey } from '@/lib/api/api-error';
import type { CurrencyOf } from '@/lib/money';
import { useBootData } from '../boot-data';
import styles from './centre.module.css';

type TabPageProps = {
  token: string;
  member: MemberInfo;
  timeZone: string;
  /** The merchant's currency, for the pages whose answers do not carry one. */
  currency: CurrencyOf;
  permission: Permission;
};

/** The account record of bonus types (spec section 2: bonus details), under its own heading. */
const BonusRecords = ({ token, timeZone }: Pick<TabPageProps, 'token' | 'timeZone'>) => {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {t('bonuses.records')}
      </h2>
      <AccountRecord
        token={token}
        timeZone={timeZone}
        types={BONUS_RECORD_TYPES}
        testId="bonus-details"
      />
    </section>
  );
};

/**
 * The page of each member-centre tab; a tab without one shows the 'later release' placeholder.
 * One entry per tab, so each feature adds its page here without touching the others.
 */
const TAB_PAGES: Partial<Record<MemberTab, (props: TabPageProps) => ReactNode>> = {
  deposit: ({ token, timeZone }) => <DepositPage token={token} timeZone={timeZone} />,
  myAccount: ({ token, member, timeZone, permission }) => (
    <SecurityCenter
      token={token}
      member={member}
      passwordRule={permission.registerRules.password}
      timeZone={timeZone}
      sectionId={SECURITY_SECTION_ID}
    />
  ),
  myWallet: ({ token }) => <MyWallet token={token} />,
  transferToUpline: ({ token }) => <TransferToUpline token={token} />,
  accountRecord: ({ token, timeZone }) => (
    <AccountRecord token={token} timeZone={timeZone} testId="account-record" />
  ),
  withdrawal: ({ token, timeZone }) => <WithdrawalPage token={token} timeZone={timeZone} />,
  platformMessages: ({ token, timeZone }) => (
    <MessageBox key="platform" token={token} kind="platform" timeZone={timeZone} />
  ),
  internalMessages: ({ token, timeZone }) => (
    <MessageBox key="internal" token={token} kind="internal" timeZone={timeZone} />
  ),
  bettingRecord: ({ token, timeZone }) => <BettingRecord token={token} timeZone={timeZone} />,
  // 'My income' is the member's personal profit and loss (spec section 2, member centre).
  myIncome: ({ token, timeZone }) => <ProfitLoss token={token} timeZone={timeZone} />,
  // My bonuses and their wagering first, then the bonus entries of the account record.
  bonusDetails: ({ token, timeZone, currency }) => (
    <div className={styles.sections}>
      <BonusGrants token={token} timeZone={timeZone} currency={currency} />
      <BonusRecords token={token} timeZone={timeZone} />
    </div>
  ),
  // My rewards: the bonuses, then the applications to apply-and-review activities.
  rewardCenter: ({ token, timeZone, currency }) => (
    <RewardCentre token={token} timeZone={timeZone} currency={currency} />
  ),
  // Daily, weekly and one-time missions with the member's progress, claimed here (decision 025).
  missionActivity: ({ token, timeZone, currency }) => (
    <MissionActivity token={token} timeZone={timeZone} currency={currency} />
  ),
};

/**
 * The red badges of the menu (spec section 2: missions, messages and rewards). Messages count
 * their unread, the reward centre and the mission activity what can be claimed now.
 */
const TAB_BADGES: Partial<Record<MemberTab, (token: string) => ReactNode>> = {
  platformMessages: (token) => (
    <UnreadBadge token={token} kind="platform" testId="member-tab-badge-platformMessages" />
  ),
  internalMessages: (token) => (
    <UnreadBadge token={token} kind="internal" testId="member-tab-badge-internalMessages" />
  ),
  rewardCenter: (token) => <RewardBadge token={token} testId="member-tab-badge-rewardCenter" />,
  missionActivity: (token) => (
    <MissionBadge token={token} testId="member-tab-badge-missionActivity" />
  ),
};

const isMemberTab = (value: string | null): value is MemberTab =>
  MEMBER_TABS.includes(value as MemberTab);

/**
 * The member centre (spec section 2): my account, the security centre, is the default page;
 * the other pages come with their own work. A trial member gets the real-account notice and
 * goes home (spec section 6).
 */
export const MemberRoute = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { hash } = useLocation();
  const { merchant, permission } = useBootData();
  const auth = useAuth();
  const requested = useSearchParams()[0].get('tab');
  const tab: MemberTab = isMemberTab(requested) ? requested : 'myAccount';

  // The header's 'security center' link lands on its section.
  const ready = auth.isLogin && !auth.isTrial;
  const badgeToken = auth.token;
  useEffect(() => {
    if (!ready || hash !== `#${SECURITY_SECTION_ID}`) return;
    // After the layout's scroll-to-top of a new route, which runs after this effect.
    const frame = requestAnimationFrame(() => {
      const section = document.getElementById(SECURITY_SECTION_ID);
      section?.scrollIntoView({ block: 'start' });
      section?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [hash, ready, tab]);

  if (auth.error && !auth.member) {
    return (
      <PagePlaceholder
        title={t('pages.member')}
        text={t(errorMessageKey(auth.error))}
        icon="user"
        testId="page-member-error"
      >
        <button type="button" className="btn btn--secondary" onClick={auth.reload}>
          {t('common.retry')}
        </button>
      </PagePlaceholder>
    );
  }
  if (!auth.isLogin || !auth.member || !auth.token)
    return <Spinner label={t('common.loading')} centred />;
  if (auth.isTrial) {
    return <RealAccountNotice open onClose={() => void navigate(paths.home, { replace: true })} />;
  }
  return (
    <div className={styles.centre} data-testid="page-member">
      <nav className={styles.nav} aria-label={t('pages.member')}>
        <p className={styles.navTitle}>{t('pages.member')}</p>
        <ul className={styles.navList}>
          {MEMBER_TABS.map((item) => (
            <li key={item}>
              <Link
                to={memberTabPath(item)}
                className={styles.navLink}
                aria-current={item === tab ? 'page' : undefined}
                data-testid={`member-tab-${item}`}
              >
                {t(`memberTabs.${item}`)}
                {badgeToken && TAB_BADGES[item]?.(badgeToken)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div>
        <h1 className={styles.title}>{t(`memberTabs.${tab}`)}</h1>
        {TAB_PAGES[tab]?.({
          token: auth.token,
          member: auth.member,
          timeZone: merchant.timeZone,
          currency: merchant,
          permission,
        }) ?? (
          <PagePlaceholder
            title={t(`memberTabs.${tab}`)}
            text={t('common.laterRelease')}
            badge={t('common.comingSoon')}
            icon="sparkles"
            testId={`member-page-${tab}`}
          />
        )}
      </div>
    </div>
  );
};
