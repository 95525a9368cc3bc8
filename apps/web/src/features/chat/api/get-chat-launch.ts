import { getChatLaunch } from '@lanna/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';

/** Launch chat (spec section 7, Live): the external chat's address, or the room's rules. */
export const chatLaunchQuery = (token: string) =>
  queryOptions({
    queryKey: ['member', 'chat', 'launch', token] as const,
    queryFn: ({ signal }) => call(getChatLaunch, {}, { signal }),
    // A mute or an operator's switch to an external chat shows the next time the room opens.
    staleTime: 0,
  });

export const useChatLaunch = (token: string) => useQuery(chatLaunchQuery(token));
