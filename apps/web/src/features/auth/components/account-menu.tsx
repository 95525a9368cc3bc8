import type { MemberInfo } from '@lanna/contract';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Icon, type IconName } from '@/components/ui/icon';
import { memberTabPath, paths, securityCenterPath } from '@/config/paths';
import { formatDateTime } from '@/lib/time';
import { useMemberIcon } from '../api/get-member-icon';
import { useRealAccountGuard } from '../hooks/use-real-account-guard';
import { copyText } from '@/lib/copy-text';
import styles from './account-menu.module.css';
import { LogoutDialog } from './logout-dialog';

type AccountMenuProps = {
  token: string;
  member: MemberInfo;
  isAgent: boolean;
  timeZone: string;
  /** The wallet's header balance, composed in by the layout (features do not import features). */
  balance?: ReactNode;
  /** The unread-message badge beside 'platform messages', composed in by the layout. */
  messagesBadge?: ReactNode;
  /** The same count on the avatar, where a phone shows no name: composed in by the layout. */
  avatarBadge?: ReactNode;
};

type MenuLink = {
  key: string;
  label: string;
  icon: IconName;
  to: string;
  /** Member-centre pages: a trial member gets the real-account notice instead. */
  realOnly: boolean;
  badge?: ReactNode;
};

/** The avatar, or the default image when it is missing or fails to load (spec section 8). */
const Avatar = ({ src, large = false }: { src: string | undefined; large?: boolean }) => {
  const [failed, setFailed] = useState(false);
  return (
    <span className={`${styles.avatar} ${large ? styles.avatarLarge : ''}`} aria-hidden="true">
      {src && !failed ? (
        <img src={src} alt="" onError={() => setFailed(true)} />
      ) : (
        <Icon name="user" size={large ? 24 : 18} />
      )}
    </span>
  );
};

/**
 * The logged-in header (spec section 2, Layout): deposit and withdraw, the avatar, the account
 * name and a dropdown with the copyable user ID and the account links. The VIP label arrives
 * with the VIP work: member info does not carry it yet, and nothing is shown rather than an
 * invented one.
 */
export const AccountMenu = ({
  token,
  member,
  isAgent,
  timeZone,
  balance,
  messagesBadge,
  avatarBadge,
}: AccountMenuProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const [confirmLogout, setConfirmLogout] = useState(false);
  const icon = useMemberIcon(token, true);
  const { guard, notice } = useRealAccountGuard();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const links: MenuLink[] = [
    {
      key: 'myAccount',
      label: t('account.myAccount'),
      icon: 'user',
      to: memberTabPath('myAccount'),
      realOnly: true,
    },
    ...(isAgent
      ? [
          {
            key: 'agent',
            label: t('account.agent'),
            icon: 'users' as const,
            to: paths.agentHome,
            realOnly: true,
          },
        ]
      : []),
    {
      key: 'bettingRecord',
      label: t('account.bettingRecord'),
      icon: 'receipt',
      to: memberTabPath('bettingRecord'),
      realOnly: true,
    },
    {
      key: 'myIncome',
      label: t('account.myIncome'),
      icon: 'coins',
      to: memberTabPath('myIncome'),
      realOnly: true,
    },
    {
      key: 'messages',
      label: t('account.messages'),
      icon: 'mail',
      to: memberTabPath('platformMessages'),
      realOnly: true,
      badge: messagesBadge,
    },
    {
      key: 'security',
      label: t('account.securityCenter'),
      icon: 'shield',
      to: securityCenterPath(),
      realOnly: true,
    },
  ];

  const go = (link: MenuLink) => {
    setOpen(false);
    const run = () => void navigate(link.to);
    if (link.realOnly) guard(run);
    else run();
  };

  const copyId = async () => {
    if (await copyText(String(member.id))) setCopied(true);
  };

  const name = member.nickname.trim() || member.account;
  return (
    <div className={styles.account} ref={rootRef}>
      <div className={styles.money}>
        {balance}
        <button
          type="button"
          className="btn btn--primary btn--sm"
          data-testid="header-deposit"
          aria-label={t('account.deposit')}
          onClick={() => guard(() => void navigate(memberTabPath('deposit')))}
        >
          <Icon name="wallet" size={16} />
          <span className={styles.moneyLabel}>{t('account.deposit')}</span>
        </button>
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          data-testid="header-withdraw"
          aria-label={t('account.withdraw')}
          onClick={() => guard(() => void navigate(memberTabPath('withdrawal')))}
        >
          <Icon name="download" size={16} />
          <span className={styles.moneyLabel}>{t('account.withdraw')}</span>
        </button>
      </div>
      {/* The unread badge sits on the avatar but outside the button, whose name is the text it
          shows (the member and the trial mark) after "Account menu". */}
      <span className={styles.triggerWrap}>
        <button
          type="button"
          className={styles.trigger}
          aria-expanded={open}
          aria-controls={panelId}
          data-testid="header-account"
          onClick={() => setOpen((value) => !value)}
        >
          <span className="visually-hidden">{t('account.menu')}</span>
          <Avatar src={icon.data?.iconUrl} />
          <span className={styles.who}>
            <span className={styles.name} data-testid="header-account-name">
              {member.account}
            </span>
            {member.isTrial && <span className={styles.badge}>{t('account.trial')}</span>}
          </span>
          <Icon name="chevronDown" size={16} className={styles.chevron} />
        </button>
        {avatarBadge && <span className={styles.triggerBadge}>{avatarBadge}</span>}
      </span>
      {open && (
        <div className={styles.panel} id={panelId} data-testid="header-account-menu">
          <div className={styles.summary}>
            <Avatar src={icon.data?.iconUrl} large />
            <div className={styles.summaryText}>
              <span className={styles.summaryName}>{name}</span>
              <span className={styles.idRow}>
                {t('account.userId')}
                <span className={styles.idValue} data-testid="header-user-id">
                  {member.id}
                </span>
                <button
                  type="button"
                  className={styles.copy}
                  aria-label={t('account.copyId')}
                  title={t('account.copyId')}
                  data-testid="header-copy-id"
                  onClick={() => void copyId()}
                >
                  <Icon name="copy" size={14} />
                </button>
              </span>
              {member.lastLoginAt && (
                <span className={styles.lastLogin} data-testid="header-last-login">
                  {t('account.lastLogin', {
                    time: formatDateTime(new Date(member.lastLoginAt), timeZone),
                    ip: member.lastLoginIp ?? '',
                  })}
                </span>
              )}
            </div>
          </div>
          <ul className={styles.items}>
            {links.map((link) => (
              <li key={link.key}>
                <button
                  type="button"
                  className={styles.item}
                  data-testid={`header-menu-${link.key}`}
                  onClick={() => go(link)}
                >
                  <Icon name={link.icon} size={18} />
                  {link.label}
                  {link.badge}
                </button>
              </li>
            ))}
            <li className={styles.separator} aria-hidden="true" />
            <li>
              <button
                type="button"
                className={`${styles.item} ${styles.itemDanger}`}
                data-testid="header-logout"
                onClick={() => {
                  setOpen(false);
                  setConfirmLogout(true);
                }}
              >
                <Icon name="logout" size={18} />
                {t('account.signOut')}
              </button>
            </li>
          </ul>
        </div>
      )}
      <ConfirmDialog
        name="copySuccessModal"
        open={copied}
        title={t('in_popup_prompt')}
        confirmLabel={t('auth.confirm')}
        confirmTestId="copy-success-confirm"
        onConfirm={() => setCopied(false)}
      >
        <p data-testid="copy-success">{t('copy success')}</p>
      </ConfirmDialog>
      <LogoutDialog
        open={confirmLogout}
        onCancel={() => setConfirmLogout(false)}
        redirectTo={paths.home}
      />
      {notice}
    </div>
  );
};
