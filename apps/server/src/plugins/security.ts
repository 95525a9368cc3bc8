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

/**
 * The security headers of every response, the set helmet sends with the options this server
 * used to give it (own CSP, HSTS for a year with subdomains, frames denied, no COEP). They never
 * vary, so they are written once here rather than rebuilt by helmet on every request.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': cspHeaderValue(),
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/** Security headers on every response, and the request id echoed as x-request-id. */
export const securityPlugin = fp(
  (app, _options, done) => {
    app.addHook('onRequest', (request, reply, next) => {
      reply.headers(SECURITY_HEADERS);
      reply.header('x-request-id', request.id);
      next();
    });
    done();
  },
  { name: 'security' },
);
