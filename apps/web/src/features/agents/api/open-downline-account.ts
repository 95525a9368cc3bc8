import { openDownlineAccount, type OpenAccountPayload } from '@lanna/contract';
import { sealedCall } from '@/lib/api/sealed-call';

/** POST /wps/agent/downlines, sealed (it carries the new account's password). */
export const openDownlineAccountRequest = (payload: OpenAccountPayload) =>
  sealedCall(openDownlineAccount, payload);
