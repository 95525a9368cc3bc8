import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Modal } from '@/components/ui/modal/modal';
import { Pagination } from '@/components/ui/pagination';
import { SafeHtml } from '@/components/ui/safe-html';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/time';
import { NOTICE_PAGE_SIZE, useNotices } from '../api/find-notices';
import styles from './notice-popup.module.css';

/** Notice pagination (spec section 9): range 2, no margin pages. */
const NOTICE_PAGE_RANGE = 2;
const NOTICE_PAGE_MARGIN = 0;

type NoticePopupProps = {
  open: boolean;
  /** The notice's place among all published notices, newest first (0 is the newest). */
  noticeIndex: number;
  timeZone: string;
  onClose: () => void;
  /** 'To promotion': the member centre's reward tab; the popup closes first. */
  onToPromotion: () => void;
};

type Position = { page: number; item: number };

const positionOf = (index: number): Position => ({
  page: Math.floor(index / NOTICE_PAGE_SIZE) + 1,
  item: index % NOTICE_PAGE_SIZE,
});

/**
 * The notice pop-up (spec sections 2 and 4): titles on the left, 7 a page, pagination only with
 * more than one page; the chosen notice's HTML on the right, sanitised again here; dates
 * YYYY/MM/DD. Changing the page selects its first notice; a new global notice index jumps to
 * its page and item.
 */
export const NoticePopup = ({
  open,
  noticeIndex,
  timeZone,
  onClose,
  onToPromotion,
}: NoticePopupProps) => {
  const { t } = useTranslation();
  const [shownIndex, setShownIndex] = useState(noticeIndex);
  const [position, setPosition] = useState<Position>(() => positionOf(noticeIndex));
  if (shownIndex !== noticeIndex) {
    setShownIndex(noticeIndex);
    setPosition(positionOf(noticeIndex));
  }
  const notices = useNotices(position.page);
  const list = notices.data?.list ?? [];
  const selected = list[position.item] ?? list[0];
  const totalPages = notices.data?.totalPages ?? 0;

  const body = () => {
    if (notices.isPending) return <Spinner label={t('common.loading')} centred />;
    if (notices.isError)
      return <LoadError message={t('content.loadFailed')} onRetry={() => void notices.refetch()} />;
    if (list.length === 0) return <EmptyState icon="megaphone" message={t('no data')} />;
    return (
      <div className={styles.layout}>
        <div className={styles.side}>
          <ul className={styles.titles} data-testid="notice-titles">
            {list.map((notice, item) => (
              <li key={notice.id}>
                <button
                  type="button"
                  className={styles.title}
                  aria-current={notice.id === selected?.id}
                  onClick={() => setPosition({ page: position.page, item })}
                >
                  <span className={styles.titleText}>{notice.title}</span>
                  <span className={styles.titleDate}>
                    {formatDate(new Date(notice.timestamp), timeZone)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <Pagination
            page={position.page}
            totalPages={totalPages}
            range={NOTICE_PAGE_RANGE}
            margin={NOTICE_PAGE_MARGIN}
            testId="notice-pagination"
            onChange={(page) => setPosition({ page, item: 0 })}
          />
        </div>
        {selected && (
          <article className={styles.content} data-testid="notice-article">
            <h3 className={styles.contentTitle}>{selected.title}</h3>
            <p className={styles.contentDate}>
              {formatDate(new Date(selected.timestamp), timeZone)}
            </p>
            <SafeHtml className={styles.html} html={selected.content} testId="notice-content" />
            <button
              type="button"
              className={`btn btn--primary btn--sm ${styles.promotion}`}
              data-testid="notice-to-promotion"
              onClick={() => {
                onClose();
                onToPromotion();
              }}
            >
              {t('content.toPromotion')}
            </button>
          </article>
        )}
      </div>
    );
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
      {body()}
    </Modal>
  );
};
