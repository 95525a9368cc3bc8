import { findWinners, getJackpot, getLiveFigures, type Language } from '@lanna/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client';

/**
 * How often the live figures are read again. They are polled for now; the realtime gateway
 * may push them later. The server keeps each reading a few seconds, so polling costs little.
 */
export const JACKPOT_POLL_MS = 10_000;
export const FIGURES_POLL_MS = 15_000;
export const WINNERS_POLL_MS = 30_000;

export const jackpotQuery = () =>
  queryOptions({
    queryKey: ['live', 'jackpot'] as const,
    queryFn: ({ signal }) => call(getJackpot, { query: {} }, { signal }),
    refetchInterval: JACKPOT_POLL_MS,
  });

export const liveFiguresQuery = () =>
  queryOptions({
    queryKey: ['live', 'figures'] as const,
    queryFn: ({ signal }) => call(getLiveFigures, {}, { signal }),
    refetchInterval: FIGURES_POLL_MS,
  });

export const winnersQuery = (language: Language, limitNum: number) =>
  queryOptions({
    queryKey: ['live', 'winners', language, limitNum] as const,
    queryFn: ({ signal }) =>
      call(findWinners, { query: { gameCategory: 'ALL', language, limitNum } }, { signal }),
    refetchInterval: WINNERS_POLL_MS,
  });
