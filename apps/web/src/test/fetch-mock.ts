import { vi, type Mock } from 'vitest';
import { stubFetch } from './render';

export type FetchMock = Mock<(input: RequestInfo | URL) => Promise<Response>>;

/**
 * Answers fetch from `routes` (success envelopes, as stubFetch) until vi.unstubAllGlobals, and
 * returns the mock so a test can see what was asked or answer differently.
 */
export const serveFetch = (routes: Record<string, unknown>): FetchMock => {
  const mock: FetchMock = vi.fn(stubFetch(routes));
  vi.stubGlobal('fetch', mock);
  return mock;
};

/** The query strings fetch was called with, oldest first: of every call, or of one path's. */
export const queriesOf = (mock: FetchMock, path?: string): URLSearchParams[] =>
  mock.mock.calls
    .map(([input]) => new URL(input instanceof Request ? input.url : input, 'http://localhost'))
    .filter((url) => path === undefined || url.pathname === path)
    .map((url) => url.searchParams);
