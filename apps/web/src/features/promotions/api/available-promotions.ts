import { getAvailablePromotions } from '@lanna/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';
import { MEMBER_PROMOTIONS_QUERY_KEY } from './find-member-promotions';

/**
 * What the member can claim now (spec section 3, `availablePromoCount`): under the centre's
 * key, so a claim, which reads the centre again, reads the badge again too.
 */
export const availablePromotionsQuery = (token: string) =>
  queryOptions({
    queryKey: [...MEMBER_PROMOTIONS_QUERY_KEY, token, 'available'] as const,
    queryFn: ({ signal }) => call(getAvailablePromotions, {}, { signal }),
  });
