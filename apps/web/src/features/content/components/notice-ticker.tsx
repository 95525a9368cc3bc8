import type { Notice } from '@lanna/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { formatDate } from '@/lib/time';
import styles from './notice-ticker.module.css';

/** Seconds of scrolling per notice, so a long list does not race past. */
const SECONDS_PER_NOTICE = 12;

type NoticeTickerProps = {
  notices: readonly Notice[];
  timeZone: string;
  onOpenNotice: (notice: Notice) => void;
  onOpenMessages: () => void;
  /** The member's unread-message badge on the icon, composed in by the page. */
  unreadBadge?: ReactNode;
};

/** The scrolling notice line with the unread-message icon (spec section 2, Home page). */
export const NoticeTicker = ({
  notices,
  timeZone,
  onOpenNotice,
  onOpenMessages,
  unreadBadge,
}: NoticeTickerProps) => {
  const { t } = useTranslation();
  return (
    <section className={styles.ticker} aria-label={t('home.notices')} data-testid="notice-ticker">
      <span className={styles.label}>
        <Icon name="megaphone" size={18} />
        <span>{t('notice')}</span>
      </span>
      <div className={styles.viewport}>
        {notices.length === 0 ? (
          <span className={styles.date}>{t('no data')}</span>
        ) : (
          <div
            className={styles.track}
            style={{
              ['--ticker-duration' as string]: `${Math.max(1, notices.length) * SECONDS_PER_NOTICE}s`,
            }}
          >
            {/* Two copies scroll as one seamless loop; the second is for the eye only. */}
            {[false, true].map((copy) =>
              notices.map((notice) => (
                <button
                  key={`${copy ? 'copy' : 'main'}-${notice.id}`}
                  type="button"
                  className={copy ? `${styles.item} ${styles.copy}` : styles.item}
                  aria-hidden={copy || undefined}
                  tabIndex={copy ? -1 : undefined}
                  onClick={() => onOpenNotice(notice)}
                >
                  <span className={styles.date}>
                    {formatDate(new Date(notice.timestamp), timeZone)}
                  </span>
                  {notice.title}
                </button>
              )),
            )}
          </div>
        )}
      </div>
      <button
        type="button"
        className={styles.mail}
        title={t('home.messages')}
        data-testid="notice-messages"
        onClick={onOpenMessages}
      >
        {/* Named by text, not aria-label, so the name holds the badge's figure that shows. */}
        <Icon name="mail" size={18} />
        <span className="visually-hidden">{t('home.messages')}</span>{' '}
        {unreadBadge && <span className={styles.mailBadge}>{unreadBadge}</span>}
      </button>
    </section>
  );
};
