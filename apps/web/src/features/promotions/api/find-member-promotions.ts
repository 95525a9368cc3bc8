import { findMemberPromotions } from '@lanna/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PromotionTab } from '@/config/paths';
import { call } from '@/lib/api/api-client';

/** Every category of the member's centre sits under this key; a claim reads them again. */
export const MEMBER_PROMOTIONS_QUERY_KEY = ['member', 'promotions'] as const;

/**
 * The centre of one category with the signed-in member's status of each activity; under
 * 'member' and keyed by the token, so logout drops it and another login never sees it.
 */
export const memberPromotionsQuery = (token: string, category: PromotionTab, language: string) =>
  queryOptions({
    queryKey: [...MEMBER_PROMOTIONS_QUERY_KEY, token, category, language] as const,
    queryFn: ({ signal }) => call(findMemberPromotions, { query: { category } }, { signal }),
    placeholderData: keepPreviousData,
  });
