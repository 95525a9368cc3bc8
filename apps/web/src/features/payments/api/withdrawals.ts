import {
  confirmWithdrawal,
  findWithdrawals,
  getWithdrawalOptions,
  getWithdrawalProof,
  requestWithdrawal,
  type ConfirmWithdrawalBody,
  type RequestWithdrawalPayload,
} from '@lanna/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';
import { sealedCall } from '@/lib/api/sealed-call';

/** Every withdrawal query lives under this key: a request or a confirmation refreshes them. */
export const WITHDRAWAL_QUERY_ROOT = ['member', 'payments', 'withdrawals'] as const;

/** Available balance, limits and remaining turnover. */
export const withdrawalOptionsQuery = (token: string) =>
  queryOptions({
    queryKey: [...WITHDRAWAL_QUERY_ROOT, 'options', token] as const,
    queryFn: ({ signal }) => call(getWithdrawalOptions, {}, { signal }),
  });

/** POST /wps/payments/withdrawals, sealed (it carries the payment password). */
export const requestWithdrawalRequest = (payload: RequestWithdrawalPayload) =>
  sealedCall(requestWithdrawal, payload);

/** Dates are calendar days (YYYY-MM-DD) in the merchant's zone, both included. */
export type WithdrawalFilter = {
  pageNo: number;
  pageSize: number;
  from?: string;
  to?: string;
  /** The cursor the page beside this one handed out; none for a page read by its number. */
  cursor?: string;
};

/** One page of the records; the previous page stays on screen while the next loads. */
export const withdrawalsQuery = (token: string, filter: WithdrawalFilter) =>
  queryOptions({
    queryKey: [...WITHDRAWAL_QUERY_ROOT, 'list', token, filter] as const,
    queryFn: ({ signal }) => call(findWithdrawals, { query: filter }, { signal }),
    placeholderData: keepPreviousData,
  });

/** Proof images are large: sent with a longer timeout than the default 15 s. */
const UPLOAD_TIMEOUT_MS = 120_000;

export const confirmWithdrawalRequest = (withdrawalId: string, body: ConfirmWithdrawalBody) =>
  call(confirmWithdrawal, { params: { withdrawalId }, body }, { timeoutMs: UPLOAD_TIMEOUT_MS });

/** A proof image the member sent, as a data URL for an <img>. */
export const withdrawalProofQuery = (token: string, withdrawalId: string, proofId: string) =>
  queryOptions({
    queryKey: [...WITHDRAWAL_QUERY_ROOT, 'proof', token, withdrawalId, proofId] as const,
    queryFn: async ({ signal }) => {
      const proof = await call(
        getWithdrawalProof,
        { params: { withdrawalId, proofId } },
        { signal },
      );
      return `data:${proof.contentType};base64,${proof.dataBase64}`;
    },
    staleTime: Infinity,
  });
