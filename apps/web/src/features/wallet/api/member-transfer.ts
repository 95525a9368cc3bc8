import {
  getUplineTransferInfo,
  transferToDownline,
  transferToUpline,
  type DownlineTransferPayload,
  type UplineTransferPayload,
} from '@lanna/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';
import { sealedCall } from '@/lib/api/sealed-call';

/** Who a transfer to upline goes to (the direct upline, or none). */
export const uplineTransferInfoQuery = (token: string) =>
  queryOptions({
    queryKey: ['member', 'wallet', 'upline', token] as const,
    queryFn: ({ signal }) => call(getUplineTransferInfo, {}, { signal }),
    staleTime: 60_000,
  });

/** POST /wps/member/transfer/upline, sealed (it carries the payment password). */
export const transferToUplineRequest = (payload: UplineTransferPayload) =>
  sealedCall(transferToUpline, payload);

/** POST /wps/agent/transfer/downline, sealed (it carries the payment password). */
export const transferToDownlineRequest = (payload: DownlineTransferPayload) =>
  sealedCall(transferToDownline, payload);
