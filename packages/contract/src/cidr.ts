import { z } from 'zod';

// An IPv4 or IPv6 range in CIDR notation, spelled out so the document states exactly what the
// server takes (a single address is /32 or /128). IPv4 octets without leading zeros.
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = `${OCTET}(?:\\.${OCTET}){3}/(?:3[0-2]|[12]?\\d)`;
const H = '[0-9a-fA-F]{1,4}';
const IPV6_ADDRESS = [
  `(?:${H}:){7}${H}`,
  `(?:${H}:){1,7}:`,
  `(?:${H}:){1,6}:${H}`,
  `(?:${H}:){1,5}(?::${H}){1,2}`,
  `(?:${H}:){1,4}(?::${H}){1,3}`,
  `(?:${H}:){1,3}(?::${H}){1,4}`,
  `(?:${H}:){1,2}(?::${H}){1,5}`,
  `${H}:(?::${H}){1,6}`,
  `:(?:(?::${H}){1,7}|:)`,
].join('|');
const IPV6 = `(?:${IPV6_ADDRESS})/(?:12[0-8]|1[01]\\d|[1-9]?\\d)`;

export const CidrSchema = z
  .string()
  .max(49)
  .regex(new RegExp(`^(?:${IPV4}|${IPV6})$`, 'u'), 'a CIDR range such as 203.0.113.0/24');
