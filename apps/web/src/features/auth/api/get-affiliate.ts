import { getAffiliate } from '@lanna/contract';
import { call } from '@/lib/api/api-client';

/** Checks an affiliate code before registering (spec section 4, Registration). */
export const getAffiliateRequest = (code: string, domain: string) =>
  call(getAffiliate, { query: { code, domain } });
