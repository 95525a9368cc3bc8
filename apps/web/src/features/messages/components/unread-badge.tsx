import type { MessageKind } from '@lanna/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { unreadMessagesQuery } from '../api/messages';
import styles from './unread-badge.module.css';

type UnreadBadgeProps = {
  token: string;
  /** One box's count; both boxes when absent. */
  kind?: MessageKind;
  testId?: string;
};

/** Above this a badge shows "99+": the exact figure is in the box. */
const MAX_SHOWN = 99;

/**
 * The red badge of unread messages (spec section 2: the header dropdown's platform messages
 * with unread count, the member centre's red badges). Nothing is shown while the count loads,
 * when it fails, or when nothing is unread.
 */
export const UnreadBadge = ({ token, kind, testId = 'unread-badge' }: UnreadBadgeProps) => {
  const { t } = useTranslation();
  const unread = useQuery(unreadMessagesQuery(token));
  const count = unread.data ? (kind ? unread.data[kind] : unread.data.total) : 0;
  if (count <= 0) return null;
  return (
    // A label on a plain span is not read out: the figure is for the eye, the sentence for
    // screen readers, as part of the link or button the badge sits in.
    <span className={styles.badge} data-testid={testId} data-count={count}>
      <span aria-hidden="true">{count > MAX_SHOWN ? `${MAX_SHOWN}+` : count}</span>
      <span className="visually-hidden">{t('messages.unreadCount', { count })}</span>
    </span>
  );
};
