import {
  createDeposit,
  findDepositChannels,
  findDeposits,
  type CreateDepositRequest,
  type DepositStatus,
} from '@lanna/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';

/** Every deposit query lives under this key: a new deposit refreshes them all. */
export const DEPOSIT_QUERY_ROOT = ['member', 'payments', 'deposits'] as const;

/** The merchant's deposit channels with their limits and bank details. */
export const depositChannelsQuery = (token: string) =>
  queryOptions({
    queryKey: [...DEPOSIT_QUERY_ROOT, 'channels', token] as const,
    queryFn: ({ signal }) => call(findDepositChannels, {}, { signal }),
    staleTime: 60_000,
  });

export type DepositFilter = {
  pageNo: number;
  pageSize: number;
  /** Calendar days (YYYY-MM-DD) in the merchant's zone. */
  from?: string | undefined;
  to?: string | undefined;
  status?: DepositStatus | undefined;
  /** The cursor the page beside this one handed out; none for a page read by its number. */
  cursor?: string | undefined;
};

/** One page of the records; the previous page stays on screen while the next loads. */
export const depositsQuery = (token: string, filter: DepositFilter) =>
  queryOptions({
    queryKey: [...DEPOSIT_QUERY_ROOT, 'list', token, filter] as const,
    queryFn: ({ signal }) => call(findDeposits, { query: filter }, { signal }),
    placeholderData: keepPreviousData,
  });

/** POST /wps/payments/deposits: a bank-transfer request, or a gateway payment to check out. */
export const createDepositRequest = (body: CreateDepositRequest) => call(createDeposit, { body });
