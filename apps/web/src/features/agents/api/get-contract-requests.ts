import { getContractRequests } from '@lanna/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';
import { contractsKey } from './find-contracts';

/** The offers and endings waiting for the agent's answer (the contract pop-up). */
export const contractRequestsQuery = (token: string) =>
  queryOptions({
    queryKey: [...contractsKey(token), 'requests'] as const,
    queryFn: ({ signal }) => call(getContractRequests, {}, { signal }),
  });
