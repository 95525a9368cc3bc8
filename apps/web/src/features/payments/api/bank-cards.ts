import {
  bindBankCard,
  bindEWallet,
  findPayeeAccounts,
  unbindPayeeAccount,
  type BindBankCardPayload,
  type BindEWalletPayload,
} from '@lanna/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';
import { sealedCall } from '@/lib/api/sealed-call';

/** The member's bank cards and e-wallets, masked, with the merchant's limits. */
export const payeeAccountsQuery = (token: string) =>
  queryOptions({
    queryKey: ['member', 'payments', 'payeeAccounts', token] as const,
    queryFn: ({ signal }) => call(findPayeeAccounts, {}, { signal }),
  });

export const bindBankCardRequest = (payload: BindBankCardPayload) =>
  sealedCall(bindBankCard, payload);

export const bindEWalletRequest = (payload: BindEWalletPayload) => sealedCall(bindEWallet, payload);

/**
 * Unbinding is sealed too: it carries the payment password. A sealed call has no path
 * parameters, so the account id is written into the path here.
 */
export const unbindPayeeAccountRequest = (accountId: string, paymentPassword: string) =>
  sealedCall(
    {
      ...unbindPayeeAccount,
      path: unbindPayeeAccount.path.replace(':accountId', encodeURIComponent(accountId)),
    },
    { paymentPassword },
  );
