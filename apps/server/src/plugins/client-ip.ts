import fp from 'fastify-plugin';
import ipaddr from 'ipaddr.js';
import type { Env } from '../config/env.ts';

/** IPv4-mapped IPv6 (::ffff:127.0.0.1) is shown as the IPv4 address it carries. */
export const displayIp = (ip: string): string =>
  ipaddr.isValid(ip) ? ipaddr.process(ip).toString() : ip;

const readCountry = (value: string | string[] | undefined): string | null => {
  const code = (Array.isArray(value) ? value[0] : value)?.trim().toUpperCase();
  return code && /^[A-Z]{2}$/.test(code) ? code : null;
};

/**
 * Who is asking, for status and permission. Forwarded headers count only behind a trusted
 * proxy (Fastify's trustProxy is set from TRUST_PROXY), so a client cannot spoof its address
 * or country by sending them itself.
 */
export const clientIpPlugin = fp<{ env: Pick<Env, 'TRUST_PROXY' | 'COUNTRY_HEADER'> }>(
  (app, { env }, done) => {
    const countryHeader = env.TRUST_PROXY === false ? undefined : env.COUNTRY_HEADER?.toLowerCase();
    app.decorateRequest('clientIp', '');
    app.decorateRequest('countryCode', null);
    app.addHook('onRequest', (request, _reply, next) => {
      request.clientIp = displayIp(request.ip);
      request.countryCode = countryHeader ? readCountry(request.headers[countryHeader]) : null;
      next();
    });
    done();
  },
  { name: 'client-ip' },
);
