import { walletTransfer, type WalletTransferRequest } from '@lanna/contract';
import { call } from '@/lib/api/api-client';

/** POST /wps/relay/GCS_walletTransfer: a move in or out of a vendor wallet, or recycle all. */
export const walletTransferRequest = (body: WalletTransferRequest) =>
  call(walletTransfer, { body });
