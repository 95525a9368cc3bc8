import { CHAT_HISTORY_DEFAULT, findChatMessages } from '@lanna/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';

/** The room's latest messages, oldest first; live ones arrive through the realtime socket. */
export const chatHistoryQuery = (token: string) =>
  queryOptions({
    queryKey: ['member', 'chat', 'history', token] as const,
    queryFn: ({ signal }) =>
      call(findChatMessages, { query: { limit: CHAT_HISTORY_DEFAULT } }, { signal }),
    staleTime: 0,
  });

export const useChatHistory = (token: string, enabled: boolean) =>
  useQuery({ ...chatHistoryQuery(token), enabled });
