// Proves the signing scheme both sides share: what the contract's WebCrypto signer (the house
// vendor's) produces, the server's node:crypto check accepts; any change to a signed part, a
// wrong secret or a stale timestamp is refused; during a rotation either secret signs; and a
// repeated request is accepted only while its secret still signs.
import { signVendorRequest, type VendorSigningInput } from '@lanna/contract';
import { describe, expect, it } from 'vitest';
import { verifyVendorSignature } from './vendor-signature.ts';

const SECRET = 'a-vendor-secret-of-at-least-32-characters';
const NOW_MS = Date.parse('2026-03-01T12:00:00Z');
const INPUT: VendorSigningInput = {
  method: 'POST',
  path: '/vendor/v1/debit',
  timestamp: String(NOW_MS / 1000),
  merchantCode: 'lanna',
  vendorCode: 'PG',
  body: '{"amountMinor":"100"}',
};

const verify = (
  signature: string,
  options: { input?: Partial<VendorSigningInput>; secrets?: string[]; nowMs?: number } = {},
) =>
  verifyVendorSignature({
    secrets: options.secrets ?? [SECRET],
    input: { ...INPUT, ...options.input },
    signature,
    nowMs: options.nowMs ?? NOW_MS,
    windowSeconds: 300,
  });

describe('vendor request signatures', () => {
  it('accepts what the contract signer signs', async () => {
    const signature = await signVendorRequest(SECRET, INPUT);
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(verify(signature)).toBe('valid');
  });

  it.each([
    ['method', { method: 'PUT' }],
    ['path', { path: '/vendor/v1/credit' }],
    ['timestamp', { timestamp: String(NOW_MS / 1000 + 1) }],
    ['merchant', { merchantCode: 'siam' }],
    ['vendor', { vendorCode: 'JILI' }],
    ['body', { body: '{"amountMinor":"1000"}' }],
  ])('refuses a request whose %s differs from what was signed', async (_part, change) => {
    const signature = await signVendorRequest(SECRET, INPUT);
    expect(verify(signature, { input: change })).toBe('VENDOR_SIGNATURE_INVALID');
  });

  it('refuses another secret, a malformed signature and an empty one', async () => {
    const signature = await signVendorRequest(`${SECRET}-other`, INPUT);
    expect(verify(signature)).toBe('VENDOR_SIGNATURE_INVALID');
    expect(verify(signature.toUpperCase())).toBe('VENDOR_SIGNATURE_INVALID');
    expect(verify(signature.slice(2))).toBe('VENDOR_SIGNATURE_INVALID');
    expect(verify('')).toBe('VENDOR_SIGNATURE_INVALID');
  });

  it('accepts either secret while a rotation is under way', async () => {
    const signature = await signVendorRequest(SECRET, INPUT);
    expect(verify(signature, { secrets: ['the-new-secret-of-at-least-32-chars', SECRET] })).toBe(
      'valid',
    );
  });

  it('accepts a repeated request again, and refuses it once its secret no longer signs', async () => {
    const signature = await signVendorRequest(SECRET, INPUT);
    expect(verify(signature)).toBe('valid');
    expect(verify(signature)).toBe('valid');
    expect(verify(signature, { input: { body: '{"amountMinor":"999"}' } })).toBe(
      'VENDOR_SIGNATURE_INVALID',
    );
    expect(verify(signature, { secrets: ['the-new-secret-of-at-least-32-chars'] })).toBe(
      'VENDOR_SIGNATURE_INVALID',
    );
    expect(verify(signature, { nowMs: NOW_MS + 301_000 })).toBe('VENDOR_TIMESTAMP_INVALID');
  });

  it('refuses a timestamp outside the window either way, or not a number', async () => {
    const signature = await signVendorRequest(SECRET, INPUT);
    expect(verify(signature, { nowMs: NOW_MS + 300_000 })).toBe('valid');
    expect(verify(signature, { nowMs: NOW_MS + 301_000 })).toBe('VENDOR_TIMESTAMP_INVALID');
    expect(verify(signature, { nowMs: NOW_MS - 301_000 })).toBe('VENDOR_TIMESTAMP_INVALID');
    for (const timestamp of ['', '1.5', '-1', 'now', '9'.repeat(13)]) {
      const forged = await signVendorRequest(SECRET, { ...INPUT, timestamp });
      expect(verify(forged, { input: { timestamp } })).toBe('VENDOR_TIMESTAMP_INVALID');
    }
  });
});
