import { rejectContract } from '@lanna/contract';
import { call } from '@/lib/api/api-client';

/** POST /wps/agent/contracts/:id/reject: an offer from the upline is refused. */
export const rejectContractRequest = (id: number) => call(rejectContract, { params: { id } });
