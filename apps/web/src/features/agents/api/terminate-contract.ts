import { terminateContract } from '@lanna/contract';
import { call } from '@/lib/api/api-client';

/** POST /wps/agent/contracts/:id/terminate: ends an active contract or withdraws an offer. */
export const terminateContractRequest = (id: number) => call(terminateContract, { params: { id } });
