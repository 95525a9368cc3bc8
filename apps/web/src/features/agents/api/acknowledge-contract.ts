import { acknowledgeContract } from '@lanna/contract';
import { call } from '@/lib/api/api-client';

/** POST /wps/agent/contracts/:id/acknowledge: the agent has seen the other side end it. */
export const acknowledgeContractRequest = (id: number) =>
  call(acknowledgeContract, { params: { id } });
