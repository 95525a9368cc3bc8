import { previewContract, type OfferContractBody } from '@lanna/contract';
import { call } from '@/lib/api/api-client';

/** POST /wps/agent/contracts/preview: what the terms would have paid; nothing is offered. */
export const previewContractRequest = (body: OfferContractBody) => call(previewContract, { body });
