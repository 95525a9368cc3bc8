import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Modal } from '@/components/ui/modal/modal';
import { SafeHtml } from '@/components/ui/safe-html';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/time';
import { useAnnouncements } from '../api/find-announcements';
import {
  isAnnouncementClosed,
  markAnnouncementClosed,
  type AnnouncementAudience,
} from '../utils/announcement-audience';
import styles from './notice-popup.module.css';

type AnnouncementPopupProps = { audience: AnnouncementAudience; timeZone: string };

/**
 * The announcements pop-up (spec section 4): the newest announcements of the visitor's
 * audience, shown once per browser session per audience; closing it stores the closed flag so
 * it does not come back in this session. Nothing shows while loading, on failure or when
 * there is nothing to announce.
 */
export const AnnouncementPopup = ({ audience, timeZone }: AnnouncementPopupProps) => {
  const { t } = useTranslation();
  const [closed, setClosed] = useState(() => isAnnouncementClosed(audience));
  const [shownFor, setShownFor] = useState(audience);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  if (shownFor.execution !== audience.execution || shownFor.userKey !== audience.userKey) {
    setShownFor(audience);
    setClosed(isAnnouncementClosed(audience));
    setSelectedId(null);
  }
  const announcements = useAnnouncements(audience.execution, { pageNo: 1 }, !closed);
  const list = announcements.data?.list ?? [];
  if (closed || list.length === 0) return null;
  const selected = list.find((item) => item.id === selectedId) ?? list[0];

  const close = () => {
    markAnnouncementClosed(audience);
    setClosed(true);
  };

  return (
    <Modal
      name="announcementModal"
      open
      title={t('announcements.title')}
      closable
      closeLabel={t('common.close')}
      onClose={close}
      size="lg"
    >
      <div className={styles.layout} data-audience={audience.execution}>
        <div className={styles.side}>
          <ul className={styles.titles} data-testid="announcement-titles">
            {list.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  className={styles.title}
                  aria-current={item.id === selected?.id}
                  onClick={() => setSelectedId(item.id)}
                >
                  <span className={styles.titleText}>{item.title}</span>
                  <span className={styles.titleDate}>
                    {formatDate(new Date(item.timestamp), timeZone)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <Link to={paths.announce} className="btn btn--ghost btn--sm" onClick={close}>
            {t('announcements.viewAll')}
          </Link>
        </div>
        {selected && (
          <article className={styles.content} data-testid="announcement-article">
            <h3 className={styles.contentTitle}>{selected.title}</h3>
            <p className={styles.contentDate}>
              {formatDate(new Date(selected.timestamp), timeZone)}
            </p>
            <SafeHtml
              className={styles.html}
              html={selected.content}
              testId="announcement-content"
            />
          </article>
        )}
      </div>
    </Modal>
  );
};
