import type { FastifyInstance } from 'fastify';

/**
 * The methods each path answers, so a known path asked with another method is told 405 and
 * which methods it takes (Allow), rather than 404 as if the path did not exist. Collected as
 * routes are added; a path parameter (`:id`) matches one segment. A catch-all (`*`, the web
 * app's files) makes no path known: a POST to a page address stays a 404.
 */
export const trackRouteMethods = (app: FastifyInstance) => {
  const routes: { pattern: RegExp; methods: string[] }[] = [];
  app.addHook('onRoute', (route) => {
    if (route.url.includes('*')) return;
    const source = route.url
      .split('/')
      .map((segment) => {
        if (segment.startsWith(':')) return '[^/]+';
        return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('/');
    const methods = [route.method].flat().filter((method) => method !== 'HEAD');
    routes.push({ pattern: new RegExp(`^${source}$`), methods });
  });
  return {
    /** The methods `url` (its path, without the query) answers; none for an unknown path. */
    allowedFor: (url: string): string[] => {
      const path = url.split('?', 1)[0] ?? url;
      return [
        ...new Set(routes.filter(({ pattern }) => pattern.test(path)).flatMap((r) => r.methods)),
      ];
    },
  };
};
