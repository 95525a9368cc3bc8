import ipaddr from 'ipaddr.js';
import type { MerchantAccessSettings, SystemStatusCode } from '@lanna/contract';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** IPv4-mapped IPv6 (::ffff:203.0.113.9) is the IPv4 address it carries. */
const unmap = (address: Address): Address =>
  address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()
    ? (address as ipaddr.IPv6).toIPv4Address()
    : address;

const parseAddress = (ip: string): Address | null => {
  if (!ipaddr.isValid(ip)) return null;
  return unmap(ipaddr.parse(ip));
};

const parseRange = (cidr: string): [Address, number] | null => {
  if (!ipaddr.isValidCIDR(cidr)) return null;
  const [address, bits] = ipaddr.parseCIDR(cidr);
  const plain = unmap(address);
  // A mapped range ::ffff:a.b.c.d/n covers the IPv4 range a.b.c.d/(n-96).
  return plain === address ? [address, bits] : [plain, Math.max(0, bits - 96)];
};

/** A valid CIDR that ipaddr.js understands: what the ops API accepts. */
export const isValidCidr = (cidr: string): boolean => parseRange(cidr) !== null;

/** The address as people write it: IPv4-mapped IPv6 shown as IPv4, IPv6 compressed. */
export const displayIp = (ip: string): string => parseAddress(ip)?.toString() ?? ip;

/** True when `ip` lies in one of the ranges (IPv4, IPv6 and IPv4-mapped IPv6 alike). */
export const ipInRanges = (ip: string, cidrs: readonly string[]): boolean => {
  const address = parseAddress(ip);
  if (!address) return false;
  return cidrs.some((cidr) => {
    const range = parseRange(cidr);
    return range !== null && range[0].kind() === address.kind() && address.match(range);
  });
};

export type Visitor = { ip: string; countryCode: string | null };

/** Region restriction (spec section 6): a listed network or a listed country is blocked. */
export const isRegionBlocked = (
  region: MerchantAccessSettings['regionRestriction'],
  visitor: Visitor,
): boolean => {
  if (!region.enabled) return false;
  if (visitor.countryCode && region.countries.includes(visitor.countryCode)) return true;
  return ipInRanges(visitor.ip, region.cidrs);
};

/** Maintenance is on when enabled and now lies within the window; a missing bound is open. */
export const isUnderMaintenance = (
  maintenance: MerchantAccessSettings['maintenance'],
  now: Date,
): boolean => {
  if (!maintenance.enabled) return false;
  const time = now.getTime();
  if (maintenance.startsAt && time < Date.parse(maintenance.startsAt)) return false;
  if (maintenance.endsAt && time > Date.parse(maintenance.endsAt)) return false;
  return true;
};

export type DerivedStatus = { status: SystemStatusCode; maintenanceEndsAt: string | null };

/**
 * System status (spec section 4): 1 during maintenance, 2 when the visitor is region-blocked,
 * else 0. Maintenance wins: a blocked visitor during maintenance sees the maintenance screen.
 */
export const deriveStatus = (
  settings: MerchantAccessSettings,
  visitor: Visitor,
  now: Date,
): DerivedStatus => {
  if (isUnderMaintenance(settings.maintenance, now)) {
    return { status: 1, maintenanceEndsAt: settings.maintenance.endsAt };
  }
  if (isRegionBlocked(settings.regionRestriction, visitor)) {
    return { status: 2, maintenanceEndsAt: null };
  }
  return { status: 0, maintenanceEndsAt: null };
};
