import type { MemberSession } from '@lanna/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormAlert } from '@/components/ui/form/form-alert';
import { Icon } from '@/components/ui/icon';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/time';
import { useMemberSessions } from '../api/find-member-sessions';
import { useSignOutOtherSessions } from '../api/sign-out-other-sessions';
import { errorText } from '../utils/error-message';
import styles from './security-center.module.css';

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** 'Chrome · Windows' from a user agent; the raw string is too long to read. */
export const deviceName = (userAgent: string): string | null => {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const parts = [browser, system].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : null;
};

const isPhone = (userAgent: string) => /Android|iPhone|iPad|iPod|Mobile/.test(userAgent);

/**
 * The member's active sessions, this one first, with 'sign out other devices' (issue 3,
 * item 2). Times in the merchant's zone.
 */
export const SessionsList = ({ token, timeZone }: { token: string; timeZone: string }) => {
  const { t } = useTranslation();
  const sessions = useMemberSessions(token);
  const signOut = useSignOutOtherSessions();
  const [confirming, setConfirming] = useState(false);
  const list = [...(sessions.data?.sessions ?? [])].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt),
  );
  const others = list.filter((session) => !session.current).length;

  const renderSession = (session: MemberSession) => (
    <li
      key={session.id}
      className={styles.session}
      data-current={session.current}
      data-testid="security-session"
    >
      <span className={styles.sessionIcon}>
        <Icon name={isPhone(session.userAgent) ? 'smartphone' : 'monitor'} />
      </span>
      <span className={styles.sessionText}>
        <span className={styles.sessionDevice}>
          {deviceName(session.userAgent) ?? t('security.unknownDevice')}
          {session.current && <span className={styles.current}>{t('security.thisDevice')}</span>}
        </span>
        <span className={styles.sessionMeta}>
          {t('security.sessionMeta', {
            ip: session.ip,
            time: formatDateTime(new Date(session.lastSeenAt), timeZone),
          })}
        </span>
      </span>
    </li>
  );

  return (
    <section className={styles.card} aria-labelledby="security-sessions-title">
      <div className={styles.cardHeader}>
        <h2 id="security-sessions-title" className={styles.cardTitle}>
          <Icon name="monitor" />
          {t('security.sessions')}
        </h2>
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          disabled={others === 0 || signOut.isPending}
          data-testid="security-sign-out-others"
          onClick={() => setConfirming(true)}
        >
          <Icon name="logout" size={16} />
          {t('security.signOutOthers')}
        </button>
      </div>
      <p className={styles.lead}>{t('security.sessionsLead')}</p>
      {sessions.isPending ? (
        <Spinner label={t('common.loading')} size={24} />
      ) : sessions.isError ? (
        <FormAlert>{errorText(t, sessions.error)}</FormAlert>
      ) : (
        <ul className={styles.sessions}>{list.map(renderSession)}</ul>
      )}
      {signOut.isSuccess && (
        <FormAlert tone="success" testId="security-signed-out">
          {t('security.signedOut', { count: signOut.data.signedOutSessions })}
        </FormAlert>
      )}
      {signOut.isError && <FormAlert>{errorText(t, signOut.error)}</FormAlert>}
      <ConfirmDialog
        name="signOutOthersModal"
        open={confirming}
        title={t('in_popup_prompt')}
        confirmLabel={t('auth.confirm')}
        cancelLabel={t('auth.cancel')}
        confirmTestId="security-sign-out-confirm"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          signOut.mutate();
        }}
      >
        <p>{t('security.signOutOthersConfirm')}</p>
      </ConfirmDialog>
    </section>
  );
};
