import { findBanners, type Banner } from '@lanna/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '@/lib/api/api-client';

type BannerGroup = Banner['groupName'];

/** Banner titles follow the interface language, so the language is part of the key. */
export const bannersQuery = (groupName: BannerGroup, language: string) =>
  queryOptions({
    queryKey: ['content', 'banners', groupName, language] as const,
    queryFn: ({ signal }) => call(findBanners, { query: { groupName } }, { signal }),
  });

export const useBanners = (groupName: BannerGroup) => {
  const { i18n } = useTranslation();
  return useQuery(bannersQuery(groupName, i18n.language));
};
