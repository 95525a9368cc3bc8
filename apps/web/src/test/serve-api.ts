import { http, HttpResponse, type PathParams } from 'msw';
import { apiServer } from './api-server';

/** A success envelope, as the server wraps every value. */
export const envelope = (value: unknown): Response =>
  HttpResponse.json({ success: true, code: 'OK', message: 'ok', value });

/** An error envelope with its status, stable code and translation key, as the server refuses. */
export const refusal = (status: number, code: string, value: unknown = null): Response =>
  HttpResponse.json({ success: false, code, message: `errors.${code}`, value }, { status });

/** What a route answers with when its answer depends on the request. */
export type RouteAnswer = (info: { request: Request; params: PathParams }) => unknown;

/** A route: a value to send, or a function of the request that returns one. */
export type Route = RouteAnswer | object | string | number | boolean | null | undefined;

const METHODS = { GET: http.get, POST: http.post, PUT: http.put, DELETE: http.delete };

/** The msw handler-maker and path of a key: 'POST /path' or a bare path for any method. */
const handlerOf = (key: string) => {
  const [method, path] = key.split(' ');
  return path === undefined
    ? { make: http.all, path: key }
    : { make: METHODS[method as keyof typeof METHODS], path };
};

/**
 * Answers the api from `routes` until the test ends. A key is a path (any method) or a method
 * and a path ('POST /wps/chat/messages'), with msw's `:param` segments; the first key that
 * matches answers, in the order written. A value is sent in a success envelope; a function is
 * called with the request and its result sent the same way, or as it is if it is a Response.
 * A path no key matches, or whose answer is undefined, is refused 404 ROUTE_NOT_FOUND as the
 * server refuses an unknown route. A later call replaces the routes of an earlier one.
 */
export const serveApi = (routes: Record<string, Route>): void => {
  const handlers = Object.entries(routes).map(([key, route]) => {
    const { make, path } = handlerOf(key);
    return make(path, async (info) => {
      const value: unknown = typeof route === 'function' ? await route(info) : route;
      if (value instanceof Response) return value;
      return value === undefined ? refusal(404, 'ROUTE_NOT_FOUND') : envelope(value);
    });
  });
  apiServer.use(
    ...handlers,
    http.all('*', () => refusal(404, 'ROUTE_NOT_FOUND')),
  );
};

/** A route that answers each of `values` in turn, then the last one again. */
export const inTurn = (...values: unknown[]): RouteAnswer => {
  let calls = 0;
  return () => values[Math.min(calls++, values.length - 1)];
};
