import { offerContract, type OfferContractBody } from '@lanna/contract';
import { call } from '@/lib/api/api-client';

/** POST /wps/agent/contracts: the offer waits for the downline's answer. */
export const offerContractRequest = (body: OfferContractBody) => call(offerContract, { body });
