import type { MessageKind } from '@lanna/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CountBadge } from '@/components/ui/count-badge';
import { unreadMessagesQuery } from '../api/messages';

type UnreadBadgeProps = {
  token: string;
  /** One box's count; both boxes when absent. */
  kind?: MessageKind;
  testId?: string;
};

/**
 * The red badge of unread messages (spec section 2: the header dropdown's platform messages
 * with unread count, the member centre's red badges). Nothing is shown while the count loads,
 * when it fails, or when nothing is unread.
 */
export const UnreadBadge = ({ token, kind, testId = 'unread-badge' }: UnreadBadgeProps) => {
  const { t } = useTranslation();
  const unread = useQuery(unreadMessagesQuery(token));
  const count = unread.data ? (kind ? unread.data[kind] : unread.data.total) : 0;
  return <CountBadge count={count} label={t('messages.unreadCount', { count })} testId={testId} />;
};
