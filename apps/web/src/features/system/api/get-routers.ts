import { getRouters } from '@lanna/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';

/** Device 0 is the web site (spec section 9: platform WEB). */
const WEB_DEVICE = 0;

export const routersQuery = () =>
  queryOptions({
    queryKey: ['system', 'routers', WEB_DEVICE] as const,
    queryFn: ({ signal }) => call(getRouters, { query: { device: WEB_DEVICE } }, { signal }),
    staleTime: 10 * 60_000,
  });

export const useRouters = (enabled = true) => useQuery({ ...routersQuery(), enabled });
