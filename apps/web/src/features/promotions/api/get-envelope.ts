import { getEnvelope } from '@lanna/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';

/** Every read of a red envelope's state sits under this key; an opening reads it again. */
export const ENVELOPE_QUERY_KEY = ['promotions', 'envelope'] as const;

/**
 * A red envelope's pool, shares, openings so far and its seed's proof (public: visitors see it
 * too). Read when its card is shown; the openings of other members show on the next read.
 */
export const envelopeQuery = (id: number) =>
  queryOptions({
    queryKey: [...ENVELOPE_QUERY_KEY, id] as const,
    queryFn: ({ signal }) => call(getEnvelope, { params: { id } }, { signal }),
  });

export const useEnvelope = (id: number) => useQuery(envelopeQuery(id));
