import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * The content security policy of every response. Scripts and styles come from this origin
 * only (the SPA's bundles and the swagger UI at /docs are both files); styles may be inline
 * because swagger UI and React set style attributes; images may be data: URLs; nobody may
 * frame the site.
 */
export const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} as const satisfies Record<string, readonly string[]>;

/** The policy as a header value, with extra sources a page may connect to (mirror domains). */
export const cspHeaderValue = (extraConnectSources: readonly string[] = []): string =>
  Object.entries(CSP_DIRECTIVES)
    .map(([name, sources]) =>
      [name, ...sources, ...(name === 'connect-src' ? extraConnectSources : [])].join(' '),
    )
    .join('; ');

/** Security headers (helmet), HSTS for a year, and the request id echoed as x-request-id. */
export const securityPlugin = fp(
  async (app) => {
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
      strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
      crossOriginEmbedderPolicy: false,
      frameguard: { action: 'deny' },
    });
    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });
  },
  { name: 'security' },
);
