// Proves the pure rules behind system status: which addresses a region rule blocks (IPv4,
// IPv6, IPv4-mapped IPv6, countries), when a maintenance window is open, and which wins.
import type { MerchantAccessSettings } from '@lanna/contract';
import { describe, expect, it } from 'vitest';
import {
  deriveStatus,
  displayIp,
  ipInRanges,
  isRegionBlocked,
  isUnderMaintenance,
  isValidCidr,
} from './access-rules.ts';

const settings = (overrides: Partial<MerchantAccessSettings> = {}): MerchantAccessSettings => ({
  maintenance: { enabled: false, startsAt: null, endsAt: null },
  regionRestriction: { enabled: false, countries: [], cidrs: [] },
  ...overrides,
});

describe('region matching', () => {
  it('matches an IPv4 address inside a range and not one outside', () => {
    expect(ipInRanges('203.0.113.9', ['203.0.113.0/24'])).toBe(true);
    expect(ipInRanges('203.0.114.9', ['203.0.113.0/24'])).toBe(false);
  });

  it('matches IPv6 addresses against IPv6 ranges', () => {
    expect(ipInRanges('2001:db8:bad::5', ['2001:db8:bad::/48'])).toBe(true);
    expect(ipInRanges('2001:db8:beef::5', ['2001:db8:bad::/48'])).toBe(false);
  });

  it('treats an IPv4-mapped IPv6 client as the IPv4 address it carries', () => {
    expect(ipInRanges('::ffff:203.0.113.9', ['203.0.113.0/24'])).toBe(true);
  });

  it('treats an IPv4-mapped IPv6 range as the IPv4 range it carries', () => {
    expect(ipInRanges('203.0.113.9', ['::ffff:203.0.113.0/120'])).toBe(true);
    expect(ipInRanges('203.0.114.9', ['::ffff:203.0.113.0/120'])).toBe(false);
  });

  it('never matches across families or on garbage', () => {
    expect(ipInRanges('10.0.0.1', ['::/0'])).toBe(false);
    expect(ipInRanges('not-an-ip', ['0.0.0.0/0'])).toBe(false);
    expect(ipInRanges('10.0.0.1', ['nonsense/8'])).toBe(false);
  });

  it('blocks a listed country or a listed network only when the rule is enabled', () => {
    const region = { enabled: true, countries: ['US'], cidrs: ['198.51.100.0/24'] };
    expect(isRegionBlocked(region, { ip: '10.0.0.1', countryCode: 'US' })).toBe(true);
    expect(isRegionBlocked(region, { ip: '198.51.100.7', countryCode: null })).toBe(true);
    expect(isRegionBlocked(region, { ip: '10.0.0.1', countryCode: 'TH' })).toBe(false);
    expect(
      isRegionBlocked({ ...region, enabled: false }, { ip: '198.51.100.7', countryCode: 'US' }),
    ).toBe(false);
  });

  it('accepts only ranges ipaddr.js can read', () => {
    expect(isValidCidr('10.0.0.0/8')).toBe(true);
    expect(isValidCidr('2001:db8::/32')).toBe(true);
    expect(isValidCidr('10.0.0.0/33')).toBe(false);
    expect(isValidCidr('10.0.0.0')).toBe(false);
  });

  it('shows an IPv4-mapped address as plain IPv4', () => {
    expect(displayIp('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(displayIp('2001:db8::1')).toBe('2001:db8::1');
  });
});

describe('maintenance window', () => {
  const at = (iso: string) => new Date(iso);
  const window = {
    enabled: true,
    startsAt: '2026-01-01T00:00:00.000Z',
    endsAt: '2026-01-02T00:00:00.000Z',
  };

  it('is on for an enabled window without bounds', () => {
    expect(
      isUnderMaintenance(
        { enabled: true, startsAt: null, endsAt: null },
        at('2026-05-05T00:00:00Z'),
      ),
    ).toBe(true);
  });

  it('is on within the bounds, inclusive, and off outside them', () => {
    expect(isUnderMaintenance(window, at('2025-12-31T23:59:59Z'))).toBe(false);
    expect(isUnderMaintenance(window, at('2026-01-01T00:00:00Z'))).toBe(true);
    expect(isUnderMaintenance(window, at('2026-01-02T00:00:00Z'))).toBe(true);
    expect(isUnderMaintenance(window, at('2026-01-02T00:00:01Z'))).toBe(false);
  });

  it('is off when disabled, whatever the bounds', () => {
    expect(isUnderMaintenance({ ...window, enabled: false }, at('2026-01-01T12:00:00Z'))).toBe(
      false,
    );
  });
});

describe('status derivation', () => {
  const now = new Date('2026-03-01T00:00:00Z');
  const blockedVisitor = { ip: '198.51.100.7', countryCode: null };
  const region = { enabled: true, countries: [], cidrs: ['198.51.100.0/24'] };

  it('is 0 when nothing applies', () => {
    expect(deriveStatus(settings(), blockedVisitor, now)).toEqual({
      status: 0,
      maintenanceEndsAt: null,
    });
  });

  it('is 2 for a blocked visitor', () => {
    expect(deriveStatus(settings({ regionRestriction: region }), blockedVisitor, now).status).toBe(
      2,
    );
  });

  it('is 1 with the end time during maintenance, even for a blocked visitor', () => {
    const maintenance = { enabled: true, startsAt: null, endsAt: '2026-03-02T00:00:00.000Z' };
    expect(
      deriveStatus(settings({ maintenance, regionRestriction: region }), blockedVisitor, now),
    ).toEqual({
      status: 1,
      maintenanceEndsAt: '2026-03-02T00:00:00.000Z',
    });
  });
});
