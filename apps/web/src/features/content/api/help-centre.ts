import { getHelpCentre } from '@lanna/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';
import { call } from '@/lib/api/api-client';

export const helpCentreQuery = (lang: ReturnType<typeof currentLanguage>) =>
  queryOptions({
    queryKey: ['content', 'helpCentre', lang] as const,
    // Spec section 7: the help centre by language and device WEB.
    queryFn: ({ signal }) => call(getHelpCentre, { query: { lang, device: 'WEB' } }, { signal }),
  });

export const useHelpCentre = () => {
  const { i18n } = useTranslation();
  return useQuery(helpCentreQuery(currentLanguage(i18n)));
};
