import { MAX_COUNTED_ROWS, type MemberMessage, type MessageKind } from '@lanna/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Icon } from '@/components/ui/icon';
import { LoadError } from '@/components/ui/load-error';
import { Pagination } from '@/components/ui/pagination';
import { cursorToPage, keysetPagerOf } from '@/components/ui/records-view';
import { SafeHtml } from '@/components/ui/safe-html';
import { Spinner } from '@/components/ui/spinner';
import { errorMessageKey } from '@/lib/api/api-error';
import { formatDateTime } from '@/lib/time';
import {
  messagesQuery,
  useDeleteMessage,
  useReadAllMessages,
  useReadMessage,
} from '../api/messages';
import styles from './message-box.module.css';

type MessageBoxProps = { token: string; kind: MessageKind; timeZone: string };

type RowProps = {
  message: MemberMessage;
  open: boolean;
  timeZone: string;
  onToggle: () => void;
  onDelete: () => void;
};

const MessageRow = ({ message, open, timeZone, onToggle, onDelete }: RowProps) => {
  const { t } = useTranslation();
  const bodyId = useId();
  return (
    <li
      className={styles.item}
      data-testid={`message-${message.id}`}
      data-read={message.read}
      data-open={open}
    >
      <button
        type="button"
        className={styles.head}
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={onToggle}
      >
        <span
          className={styles.dot}
          data-unread={!message.read}
          aria-label={message.read ? undefined : t('messages.unread')}
          role={message.read ? undefined : 'img'}
        />
        <span className={styles.title}>{message.title}</span>
        <time className={styles.date} dateTime={message.createdAt}>
          {formatDateTime(new Date(message.createdAt), timeZone)}
        </time>
        <Icon name="chevronDown" size={16} className={styles.chevron} />
      </button>
      {open && (
        <div className={styles.body} id={bodyId}>
          <SafeHtml html={message.content} className={styles.content} testId="message-content" />
          <div className={styles.actions}>
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              data-testid="message-delete"
              onClick={onDelete}
            >
              {t('messages.delete')}
            </button>
          </div>
        </div>
      )}
    </li>
  );
};

/**
 * One box of the member centre (spec section 2: platform messages, internal messages): newest
 * first, a page at a time; opening an unread message marks it read, 'mark all read' reads the
 * whole box, and a message can be deleted after a confirmation. Loading, empty and failed
 * states each have their own view.
 */
export const MessageBox = ({ token, kind, timeZone }: MessageBoxProps) => {
  const { t } = useTranslation();
  const [{ page, cursor }, setPlace] = useState<{ page: number; cursor?: string | undefined }>({
    page: 1,
  });
  const [openId, setOpenId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<MemberMessage | null>(null);
  const box = useQuery({
    ...messagesQuery(token, kind, { pageNo: page, cursor }),
    placeholderData: keepPreviousData,
  });
  // The next and previous pages by the cursors this page handed out (decision 016).
  const goTo = (next: number) => {
    if (box.data) setPlace({ page: next, cursor: cursorToPage(next, page, box.data) });
  };
  const read = useReadMessage(token);
  const readAll = useReadAllMessages(token);
  const remove = useDeleteMessage(token);

  const toggle = (message: MemberMessage) => {
    const opening = openId !== message.id;
    setOpenId(opening ? message.id : null);
    if (opening && !message.read) read.mutate(message.id);
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSettled: () => setDeleting(null),
      onSuccess: () => {
        if (box.data?.list.length === 1 && page > 1) goTo(page - 1);
      },
    });
  };

  const unread = box.data?.unread[kind] ?? 0;
  const failure = read.error ?? readAll.error ?? remove.error;

  return (
    <section className={styles.box} data-testid={`message-box-${kind}`}>
      <div className={styles.toolbar}>
        <p className={styles.summary} aria-live="polite" data-testid="message-box-unread">
          {t('messages.unreadSummary', { count: unread })}
        </p>
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          data-testid="message-read-all"
          disabled={unread === 0 || readAll.isPending}
          onClick={() => readAll.mutate(kind)}
        >
          {t('messages.readAll')}
        </button>
      </div>
      {failure && (
        <p className={styles.error} role="alert">
          {t(errorMessageKey(failure))}
        </p>
      )}
      {box.isPending ? (
        <Spinner label={t('common.loading')} centred />
      ) : box.error ? (
        <LoadError
          message={t(errorMessageKey(box.error))}
          onRetry={() => void box.refetch()}
          testId="message-box-error"
        />
      ) : box.data.list.length === 0 ? (
        <EmptyState message={t('no data')} icon="mail" />
      ) : (
        <>
          <ul className={styles.list} aria-busy={box.isPlaceholderData}>
            {box.data.list.map((message) => (
              <MessageRow
                key={message.id}
                message={message}
                open={openId === message.id}
                timeZone={timeZone}
                onToggle={() => toggle(message)}
                onDelete={() => setDeleting(message)}
              />
            ))}
          </ul>
          <Pagination
            page={page}
            {...keysetPagerOf(page, box.data, MAX_COUNTED_ROWS)}
            onChange={(next) => {
              setOpenId(null);
              goTo(next);
            }}
            testId="message-pagination"
          />
        </>
      )}
      <ConfirmDialog
        name="deleteMessageModal"
        open={deleting !== null}
        title={t('messages.deleteTitle')}
        confirmLabel={t('messages.delete')}
        cancelLabel={t('messages.cancel')}
        busy={remove.isPending}
        confirmTestId="message-delete-confirm"
        cancelTestId="message-delete-cancel"
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        <p>{t('messages.deleteQuestion', { title: deleting?.title ?? '' })}</p>
      </ConfirmDialog>
    </section>
  );
};
