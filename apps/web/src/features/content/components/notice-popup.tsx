import type { Notice } from '@lanna/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { Modal } from '@/components/ui/modal/modal';
import { SafeHtml } from '@/components/ui/safe-html';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/time';
import { useNotices } from '../api/find-notices';
import styles from './notice-popup.module.css';

type NoticePopupProps = {
  open: boolean;
  initialNoticeId: number | null;
  timeZone: string;
  onClose: () => void;
};

/**
 * The notice pop-up (spec section 2): titles on the left, 7 a page, pagination only with more
 * than one page; the chosen notice's HTML (sanitised by the server) on the right; dates
 * YYYY/MM/DD. Changing the page selects its first notice.
 */
export const NoticePopup = ({ open, initialNoticeId, timeZone, onClose }: NoticePopupProps) => {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [selectedId, setSelectedId] = useState<number | null>(initialNoticeId);
  const notices = useNotices(page);
  const list = notices.data?.list ?? [];
  const selected: Notice | undefined = list.find((notice) => notice.id === selectedId) ?? list[0];
  const totalPages = notices.data?.totalPages ?? 1;

  const goToPage = (next: number) => {
    setPage(next);
    setSelectedId(null);
  };

  return (
    <Modal
      name="noticeModal"
      open={open}
      title={t('notice')}
      closable
      closeLabel={t('common.close')}
      onClose={onClose}
      size="lg"
    >
      {notices.isPending ? (
        <Spinner label={t('common.loading')} centred />
      ) : list.length === 0 ? (
        <EmptyState icon="megaphone" message={t('no data')} />
      ) : (
        <div className={styles.layout}>
          <div>
            <ul className={styles.titles}>
              {list.map((notice) => (
                <li key={notice.id}>
                  <button
                    type="button"
                    className={styles.title}
                    aria-current={notice.id === selected?.id}
                    onClick={() => setSelectedId(notice.id)}
                  >
                    <span className={styles.titleText}>{notice.title}</span>
                    <span className={styles.titleDate}>
                      {formatDate(new Date(notice.timestamp), timeZone)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            {totalPages > 1 && (
              <nav className={styles.pager} aria-label={t('common.pagination')}>
                {Array.from({ length: totalPages }, (_, index) => index + 1).map((number) => (
                  <button
                    key={number}
                    type="button"
                    className={styles.page}
                    aria-current={number === page ? 'page' : undefined}
                    onClick={() => goToPage(number)}
                  >
                    {number}
                  </button>
                ))}
              </nav>
            )}
          </div>
          {selected && (
            <article className={styles.content}>
              <h3 className={styles.contentTitle}>{selected.title}</h3>
              <p className={styles.contentDate}>
                {formatDate(new Date(selected.timestamp), timeZone)}
              </p>
              <SafeHtml className={styles.html} html={selected.content} testId="notice-content" />
            </article>
          )}
        </div>
      )}
    </Modal>
  );
};
