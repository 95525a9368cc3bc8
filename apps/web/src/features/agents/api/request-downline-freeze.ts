import { requestDownlineFreeze } from '@lanna/contract';
import { call } from '@/lib/api/api-client';

/** POST /wps/agent/downlines/:account/freeze-request: the operators are asked to freeze it. */
export const requestDownlineFreezeRequest = (account: string, reason: string) =>
  call(requestDownlineFreeze, { params: { account }, body: { reason } });
