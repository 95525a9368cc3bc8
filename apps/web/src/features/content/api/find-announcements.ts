import {
  ANNOUNCEMENT_PAGE_SIZE,
  findAnnouncements,
  type AnnouncementExecution,
} from '@lanna/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '@/lib/api/api-client';
import type { ListPlace } from './feedback';

/**
 * The root of every announcements query: the realtime gateway invalidates it when the
 * merchant's announcements change (`announcementsChanged`).
 */
export const ANNOUNCEMENTS_QUERY_ROOT = ['content', 'announcements'] as const;

export const announcementsQuery = (
  execution: AnnouncementExecution,
  place: ListPlace,
  language: string,
) =>
  queryOptions({
    queryKey: [
      ...ANNOUNCEMENTS_QUERY_ROOT,
      execution,
      place.pageNo,
      place.cursor,
      language,
    ] as const,
    // Spec section 7: types B,PL,PU,PR,H on platform W.
    queryFn: ({ signal }) =>
      call(
        findAnnouncements,
        {
          query: {
            types: 'B,PL,PU,PR,H',
            platform: 'W',
            execution,
            pageNo: place.pageNo,
            pageSize: ANNOUNCEMENT_PAGE_SIZE,
            ...(place.cursor ? { cursor: place.cursor } : {}),
          },
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

export const useAnnouncements = (
  execution: AnnouncementExecution,
  place: ListPlace = { pageNo: 1 },
  enabled = true,
) => {
  const { i18n } = useTranslation();
  return useQuery({ ...announcementsQuery(execution, place, i18n.language), enabled });
};
