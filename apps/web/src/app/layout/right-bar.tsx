import type { ResourceType } from '@lanna/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Icon, type IconName } from '@/components/ui/icon';
import { loginPath } from '@/config/paths';
import { LineServicePopup } from '@/features/content/components/line-service-popup';
import { lineEntriesOf } from '@/features/content/utils/customer-service';
import { openServiceWindow } from '@/features/system/utils/open-service-window';
import { hasSession } from '@/lib/session';
import { useBootData } from '../boot-data';
import { openPopup } from '../popups';
import styles from './right-bar.module.css';

/** Shortcuts in the spec's order, each shown only when the merchant configured it. */
const SHORTCUTS: { type: ResourceType; icon: IconName }[] = [
  { type: 'LINE', icon: 'messageSquare' },
  { type: 'TELEGRAM_1', icon: 'send' },
  { type: 'TELEGRAM_2', icon: 'send' },
  { type: 'LIVE_CHAT', icon: 'headset' },
  { type: 'MOVIES', icon: 'film' },
  { type: 'TWITTER', icon: 'at' },
  { type: 'FACEBOOK', icon: 'thumbsUp' },
];

/**
 * The right bar (spec section 2, Layout): resource shortcuts and the chat toggle. LINE opens
 * the merchant's LINE customer-service entries when there are any (one in a 440 x 750 window,
 * several through the LINE list pop-up); other resources open their address in a new window.
 */
export const RightBar = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { permission } = useBootData();
  const [lineListOpen, setLineListOpen] = useState(false);
  const lineEntries = lineEntriesOf(permission.customerService);
  const shortcuts = SHORTCUTS.flatMap(({ type, icon }) => {
    const resource = permission.resources[type];
    return resource ? [{ type, icon, url: resource.url }] : [];
  });

  // The chat room needs a session: guests are sent to log in first.
  const toggleChat = () => (hasSession() ? openPopup('chat') : void navigate(loginPath()));

  return (
    <aside className={styles.bar} aria-label={t('rightBar.label')} data-testid="right-bar">
      {shortcuts.map(({ type, icon, url }) =>
        type === 'LIVE_CHAT' || (type === 'LINE' && lineEntries.length > 0) ? (
          <button
            key={type}
            type="button"
            className={styles.item}
            data-testid={`right-bar-${type}`}
            onClick={() => {
              if (type === 'LIVE_CHAT') openServiceWindow(url, 'liveChat');
              else if (lineEntries.length === 1 && lineEntries[0])
                openServiceWindow(lineEntries[0].path);
              else setLineListOpen(true);
            }}
          >
            <Icon name={icon} />
            <span className={styles.tip} aria-hidden="true">
              {t(`resources.${type}`)}
            </span>
            <span className="visually-hidden">{t(`resources.${type}`)}</span>
          </button>
        ) : (
          <a
            key={type}
            className={styles.item}
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            data-testid={`right-bar-${type}`}
          >
            <Icon name={icon} />
            <span className={styles.tip} aria-hidden="true">
              {t(`resources.${type}`)}
            </span>
            <span className="visually-hidden">{t(`resources.${type}`)}</span>
          </a>
        ),
      )}
      {shortcuts.length > 0 && <span className={styles.divider} aria-hidden="true" />}
      <button
        type="button"
        className={styles.item}
        data-testid="right-bar-chat"
        onClick={toggleChat}
      >
        <Icon name="chat" />
        <span className={styles.tip} aria-hidden="true">
          {t('rightBar.chat')}
        </span>
        <span className="visually-hidden">{t('rightBar.chat')}</span>
      </button>
      <LineServicePopup
        open={lineListOpen}
        entries={lineEntries}
        onOpenEntry={(entry) => openServiceWindow(entry.path)}
        onClose={() => setLineListOpen(false)}
      />
    </aside>
  );
};
