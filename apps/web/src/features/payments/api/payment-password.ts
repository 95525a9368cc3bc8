import {
  changePaymentPassword,
  getPaymentPasswordStatus,
  setPaymentPassword,
  type ChangePaymentPasswordPayload,
  type SetPaymentPasswordPayload,
} from '@lanna/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';
import { sealedCall } from '@/lib/api/sealed-call';

/** Whether the payment password is set (under the 'member' root: logout drops it). */
export const paymentPasswordQuery = (token: string) =>
  queryOptions({
    queryKey: ['member', 'payments', 'paymentPassword', token] as const,
    queryFn: ({ signal }) => call(getPaymentPasswordStatus, {}, { signal }),
  });

/** POST /wps/payments/payment-password, sealed: the first payment password. */
export const setPaymentPasswordRequest = (payload: SetPaymentPasswordPayload) =>
  sealedCall(setPaymentPassword, payload);

/** PUT /wps/payments/payment-password, sealed: old and new payment password. */
export const changePaymentPasswordRequest = (payload: ChangePaymentPasswordPayload) =>
  sealedCall(changePaymentPassword, payload);
