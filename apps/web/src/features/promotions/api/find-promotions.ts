import { findPromotions } from '@lanna/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PromotionTab } from '@/config/paths';
import { call } from '@/lib/api/api-client';

/** The centre of one category with the status a visitor sees (no session). */
export const promotionsQuery = (category: PromotionTab, language: string) =>
  queryOptions({
    queryKey: ['promotions', category, language] as const,
    queryFn: ({ signal }) => call(findPromotions, { query: { category } }, { signal }),
    placeholderData: keepPreviousData,
  });
