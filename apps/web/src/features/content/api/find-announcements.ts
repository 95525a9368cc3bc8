import {
  ANNOUNCEMENT_PAGE_SIZE,
  findAnnouncements,
  type AnnouncementExecution,
} from '@lanna/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '@/lib/api/api-client';

/**
 * The root of every announcements query: the realtime gateway invalidates it when the
 * merchant's announcements change (`announcementsChanged`).
 */
export const ANNOUNCEMENTS_QUERY_ROOT = ['content', 'announcements'] as const;

export const announcementsQuery = (
  execution: AnnouncementExecution,
  pageNo: number,
  language: string,
) =>
  queryOptions({
    queryKey: [...ANNOUNCEMENTS_QUERY_ROOT, execution, pageNo, language] as const,
    // Spec section 7: types B,PL,PU,PR,H on platform W.
    queryFn: ({ signal }) =>
      call(
        findAnnouncements,
        {
          query: {
            types: 'B,PL,PU,PR,H',
            platform: 'W',
            execution,
            pageNo,
            pageSize: ANNOUNCEMENT_PAGE_SIZE,
          },
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

export const useAnnouncements = (execution: AnnouncementExecution, pageNo = 1, enabled = true) => {
  const { i18n } = useTranslation();
  return useQuery({ ...announcementsQuery(execution, pageNo, i18n.language), enabled });
};
