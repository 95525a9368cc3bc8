import { acceptContract } from '@lanna/contract';
import { call } from '@/lib/api/api-client';

/**
 * POST /wps/agent/contracts/:id/accept; `confirmUndercut` ends the agent's own downline
 * contracts above the new rate (spec section 4), once the agent has seen them.
 */
export const acceptContractRequest = (id: number, confirmUndercut = false) =>
  call(acceptContract, { params: { id }, body: { confirmUndercut } });
