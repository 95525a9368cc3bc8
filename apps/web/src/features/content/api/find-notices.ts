import { findNotices } from '@lanna/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '@/lib/api/api-client';

/** Notice page size (spec section 9). */
export const NOTICE_PAGE_SIZE = 7;

export const noticesQuery = (pageNo: number, language: string) =>
  queryOptions({
    queryKey: ['content', 'notices', pageNo, NOTICE_PAGE_SIZE, language] as const,
    queryFn: ({ signal }) =>
      call(findNotices, { query: { pageNo, pageSize: NOTICE_PAGE_SIZE } }, { signal }),
    placeholderData: keepPreviousData,
  });

export const useNotices = (pageNo = 1) => {
  const { i18n } = useTranslation();
  return useQuery(noticesQuery(pageNo, i18n.language));
};
