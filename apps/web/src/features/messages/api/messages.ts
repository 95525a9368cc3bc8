import {
  deleteMessage,
  findMessages,
  getUnreadMessages,
  readAllMessages,
  readMessage,
  type MessageKind,
  type UnreadMessages,
} from '@lanna/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';

/**
 * Every query of the member's messages sits under this key (and the 'member' root, which a
 * logout removes): a realtime 'messages' event invalidates it to refetch the boxes and counts.
 */
export const MESSAGES_QUERY_KEY = ['member', 'messages'] as const;

/** Messages per page of a box. */
export const MESSAGE_PAGE_SIZE = 10;

// Without the realtime gateway the counts still refresh on their own this often.
const UNREAD_REFETCH_MS = 60_000;

export const unreadMessagesQuery = (token: string) =>
  queryOptions({
    queryKey: [...MESSAGES_QUERY_KEY, 'unread', token] as const,
    queryFn: ({ signal }) => call(getUnreadMessages, {}, { signal }),
    staleTime: 15_000,
    refetchInterval: UNREAD_REFETCH_MS,
  });

/**
 * One page of a box: by its number, or by the cursor the page beside it handed out (decision
 * 016), so the next and previous pages stay put while messages arrive.
 */
export const messagesQuery = (
  token: string,
  kind: MessageKind,
  page: { pageNo: number; cursor?: string | undefined },
) =>
  queryOptions({
    queryKey: [...MESSAGES_QUERY_KEY, 'box', token, kind, page.pageNo, page.cursor] as const,
    queryFn: ({ signal }) =>
      call(
        findMessages,
        {
          query: {
            kind,
            pageNo: page.pageNo,
            pageSize: MESSAGE_PAGE_SIZE,
            ...(page.cursor ? { cursor: page.cursor } : {}),
          },
        },
        { signal },
      ),
  });

/**
 * Read, read-all and delete answer the new unread counts: the badges take them at once, and
 * the boxes are read again so the list shows what changed.
 */
const useMessageMutation = <Input>(
  token: string,
  request: (input: Input) => Promise<UnreadMessages>,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (unread) => {
      queryClient.setQueryData(unreadMessagesQuery(token).queryKey, unread);
      void queryClient.invalidateQueries({ queryKey: [...MESSAGES_QUERY_KEY, 'box', token] });
    },
  });
};

export const useReadMessage = (token: string) =>
  useMessageMutation(token, (id: string) => call(readMessage, { params: { id } }));

export const useReadAllMessages = (token: string) =>
  useMessageMutation(token, (kind: MessageKind) => call(readAllMessages, { body: { kind } }));

export const useDeleteMessage = (token: string) =>
  useMessageMutation(token, (id: string) => call(deleteMessage, { params: { id } }));
