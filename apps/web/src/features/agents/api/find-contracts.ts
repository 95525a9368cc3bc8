import { findContracts, type ContractQuery } from '@lanna/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';

/** The list's filters as the screen holds them: '' is 'any'. */
export type ContractFilter = {
  kind: '' | NonNullable<ContractQuery['kind']>;
  status: '' | NonNullable<ContractQuery['status']>;
};

export type ContractSide = ContractQuery['side'];

/** Where a keyset page stands: its number and the cursor the page beside it handed out. */
export type KeysetPlace = { pageNo: number; pageSize: number; cursor?: string | undefined };

/** Every contracts list of the agent, to refresh after any answer to a contract. */
export const contractsKey = (token: string) => ['member', 'agent', 'contracts', token] as const;

/** One page of the contracts the agent received or offered, newest first. */
export const contractsQuery = (
  token: string,
  side: ContractSide,
  filter: ContractFilter,
  place: KeysetPlace,
) =>
  queryOptions({
    queryKey: [...contractsKey(token), 'list', side, filter, place] as const,
    queryFn: ({ signal }) =>
      call(
        findContracts,
        {
          query: {
            side,
            ...(filter.kind ? { kind: filter.kind } : {}),
            ...(filter.status ? { status: filter.status } : {}),
            pageNo: place.pageNo,
            pageSize: place.pageSize,
            ...(place.cursor ? { cursor: place.cursor } : {}),
          },
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
