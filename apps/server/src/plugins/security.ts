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

/** HTTPS only, for a year, subdomains included: pages and API answers alike. */
const HSTS = 'max-age=31536000; includeSubDomains';

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
  'strict-transport-security': HSTS,
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/**
 * The security headers of an API answer, which is JSON and never a page: the set OWASP's REST
 * Security Cheat Sheet gives. A policy that allows nothing, not even framing; no sniffing a
 * type; no reads from other origins; HTTPS only. The page headers above (referrer, opener,
 * agent cluster, DNS prefetch, download and cross-domain policies, XSS auditor) govern
 * documents a browser renders, so an API answer has no use for them, and each header costs
 * every answer its validation and bytes (a tenth of a games search's time on the server).
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'strict-transport-security': HSTS,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/** Paths that answer only JSON (the site, operator and vendor APIs, the ping); never a page. */
const API_PREFIXES = ['/wps/', '/lgw/', '/ops/', '/vendor/', '/healthz'];

export const isApiPath = (url: string): boolean =>
  API_PREFIXES.some((prefix) => url.startsWith(prefix));

/** Security headers on every response, and the request id echoed as x-request-id. */
export const securityPlugin = fp(
  (app, _options, done) => {
    app.addHook('onRequest', (request, reply, next) => {
      reply.headers(isApiPath(request.url) ? API_SECURITY_HEADERS : SECURITY_HEADERS);
      reply.header('x-request-id', request.id);
      next();
    });
    done();
  },
  { name: 'security' },
);
