import { getRegisterSettings } from '@lanna/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';

/** The merchant's registration settings (mobile registration, SMS check, ages, terms). */
export const registerSettingsQuery = () =>
  queryOptions({
    queryKey: ['system', 'registerSettings'] as const,
    queryFn: ({ signal }) => call(getRegisterSettings, {}, { signal }),
    staleTime: 5 * 60_000,
  });

export const useRegisterSettings = () => useQuery(registerSettingsQuery());
