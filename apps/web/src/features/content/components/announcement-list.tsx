import { ANNOUNCEMENT_PAGE_LINKS, MAX_COUNTED_ROWS } from '@lanna/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Pagination } from '@/components/ui/pagination';
import { cursorToPage, keysetPagerOf } from '@/components/ui/records-view';
import { SafeHtml } from '@/components/ui/safe-html';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/time';
import type { ListPlace } from '../api/feedback';
import { useAnnouncements } from '../api/find-announcements';
import type { AnnouncementAudience } from '../utils/announcement-audience';
import styles from './announcement-list.module.css';

type AnnouncementListProps = { audience: AnnouncementAudience; timeZone: string };

/**
 * Every announcement of the visitor's audience (the /announce page): 9 a page with up to 5
 * page links (spec section 9), the newest open, the others a click away.
 */
export const AnnouncementList = ({ audience, timeZone }: AnnouncementListProps) => {
  const { t } = useTranslation();
  const [place, setPlace] = useState<ListPlace>({ pageNo: 1 });
  const page = place.pageNo;
  const announcements = useAnnouncements(audience.execution, place);
  if (announcements.isPending) return <Spinner label={t('common.loading')} centred />;
  if (announcements.isError) {
    return (
      <LoadError message={t('content.loadFailed')} onRetry={() => void announcements.refetch()} />
    );
  }
  const { list } = announcements.data;
  if (list.length === 0) return <EmptyState icon="megaphone" message={t('no data')} />;
  return (
    <div className={styles.list} data-testid="announcement-list">
      {list.map((item, index) => (
        <details
          key={item.id}
          className={styles.item}
          open={index === 0 && page === 1}
          data-testid="announcement-item"
        >
          <summary className={styles.summary}>
            <span className={styles.type}>{t(`announcements.types.${item.promotionType}`)}</span>
            <span className={styles.title}>{item.title}</span>
            <time className={styles.date} dateTime={item.timestamp}>
              {formatDate(new Date(item.timestamp), timeZone)}
            </time>
          </summary>
          <SafeHtml className={styles.html} html={item.content} />
        </details>
      ))}
      <Pagination
        page={page}
        {...keysetPagerOf(page, announcements.data, MAX_COUNTED_ROWS)}
        range={ANNOUNCEMENT_PAGE_LINKS}
        margin={0}
        testId="announcement-pagination"
        // The next and previous pages by the cursors this page handed out (decision 016).
        onChange={(next) =>
          setPlace({ pageNo: next, cursor: cursorToPage(next, page, announcements.data) })
        }
      />
    </div>
  );
};
