import { MAX_COUNTED_ROWS } from '@lanna/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Pagination } from '@/components/ui/pagination';
import { cursorToPage, keysetPagerOf } from '@/components/ui/records-view';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/time';
import { useFeedbackHistory, type ListPlace } from '../api/feedback';
import styles from './feedback.module.css';

type FeedbackHistoryProps = { token: string | null; timeZone: string };

/** The member's feedback, newest first, with the operator's answer when there is one. */
export const FeedbackHistory = ({ token, timeZone }: FeedbackHistoryProps) => {
  const { t } = useTranslation();
  const [place, setPlace] = useState<ListPlace>({ pageNo: 1 });
  const history = useFeedbackHistory(token, place, true);
  if (history.isPending) return <Spinner label={t('common.loading')} centred />;
  if (history.isError) {
    return <LoadError message={t('content.loadFailed')} onRetry={() => void history.refetch()} />;
  }
  const page = history.data;
  const { list } = page;
  if (list.length === 0) return <EmptyState icon="chat" message={t('no data')} />;
  return (
    <div className={styles.history} data-testid="feedback-history">
      <ul className={styles.entries}>
        {list.map((entry) => (
          <li key={entry.id} className={styles.entry} data-testid="feedback-entry">
            <div className={styles.entryHead}>
              <span className={styles.badge}>{t(`feedback.types.${entry.questionType}`)}</span>
              <span className={styles.status} data-status={entry.status}>
                {t(`feedback.status.${entry.status}`)}
              </span>
              <time className={styles.time} dateTime={entry.createdAt}>
                {formatDateTime(new Date(entry.createdAt), timeZone)}
              </time>
            </div>
            {/* Plain text: feedback is never rendered as HTML. */}
            <p className={styles.text}>{entry.content}</p>
            {entry.imageCount > 0 && (
              <p className={styles.meta}>{t('feedback.imageCount', { count: entry.imageCount })}</p>
            )}
            {entry.reply && (
              <blockquote className={styles.reply}>
                <strong>{t('feedback.reply')}</strong> {entry.reply}
              </blockquote>
            )}
          </li>
        ))}
      </ul>
      <Pagination
        page={place.pageNo}
        {...keysetPagerOf(place.pageNo, page, MAX_COUNTED_ROWS)}
        // The next and previous pages by the cursors this page handed out (decision 016).
        onChange={(next) =>
          setPlace({ pageNo: next, cursor: cursorToPage(next, place.pageNo, page) })
        }
        testId="feedback-pages"
      />
    </div>
  );
};
