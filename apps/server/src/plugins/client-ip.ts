import { isIPv4 } from 'node:net';
import fp from 'fastify-plugin';
import ipaddr from 'ipaddr.js';
import type { Env } from '../config/env.ts';

/** IPv4-mapped IPv6 (::ffff:127.0.0.1) is shown as the IPv4 address it carries. */
export const displayIp = (ip: string): string => {
  // Plain dotted IPv4, the common case, is already how ipaddr.js would write it.
  if (isIPv4(ip)) return ip;
  return ipaddr.isValid(ip) ? ipaddr.process(ip).toString() : ip;
};

const readCountry = (value: string | string[] | undefined): string | null => {
  const code = (Array.isArray(value) ? value[0] : value)?.trim().toUpperCase();
  return code && /^[A-Z]{2}$/.test(code) ? code : null;
};

/**
 * Who is asking, for status and permission. Forwarded headers count only behind a trusted
 * proxy (Fastify's trustProxy is set from TRUST_PROXY), so a client cannot spoof its address
 * or country by sending them itself. Both are read when a route asks, not on every request.
 */
export const clientIpPlugin = fp<{ env: Pick<Env, 'TRUST_PROXY' | 'COUNTRY_HEADER'> }>(
  (app, { env }, done) => {
    const countryHeader = env.TRUST_PROXY === false ? undefined : env.COUNTRY_HEADER?.toLowerCase();
    app.decorateRequest('clientIp', {
      getter() {
        return displayIp(this.ip);
      },
    });
    app.decorateRequest('countryCode', {
      getter() {
        return countryHeader ? readCountry(this.headers[countryHeader]) : null;
      },
    });
    done();
  },
  { name: 'client-ip' },
);
