import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api/api-error';

const MAX_RETRIES = 2;

/** Retries only what another try can fix; a 4xx answer is final. */
export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) =>
          failureCount < MAX_RETRIES && (!isApiError(error) || error.retriable),
      },
      mutations: { retry: false },
    },
  });
