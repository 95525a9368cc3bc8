import { setupServer } from 'msw/node';

/**
 * The network of every web test: msw answers each fetch from the handlers a test gives it
 * (serveApi, or apiServer.use for anything else). setup.ts starts it, resets its handlers after
 * each test and fails a request no handler answers.
 */
export const apiServer = setupServer();

/** One request as it reached the network. */
export type AskedRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  /** A fresh copy of the request on each askedRequests call, so a test can read its body. */
  request: Request;
};

const asked: AskedRequest[] = [];

const askedTo = (path?: string) =>
  asked.filter((request) => path === undefined || request.path === path);

apiServer.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  asked.push({
    method: request.method,
    path: url.pathname,
    query: url.searchParams,
    request: request.clone(),
  });
});

/** What the test asked of the network, oldest first: every request, or those to one path. */
export const askedRequests = (path?: string): AskedRequest[] =>
  askedTo(path).map((request) => ({ ...request, request: request.request.clone() }));

/** The query strings of askedRequests(path), oldest first. */
export const askedQueries = (path?: string): URLSearchParams[] =>
  askedTo(path).map((request) => request.query);

/** Forgets what was asked; setup.ts calls it after each test. */
export const forgetAskedRequests = (): void => {
  asked.length = 0;
};
