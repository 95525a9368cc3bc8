// Proves the gateway protocol's signature and its configuration: the signature covers every
// field but itself whatever their order, any changed field or key breaks it, and the sandbox is
// the default outside production, refused in production, while hmac needs its settings.
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../config/env.ts';
import { productionSource } from '../../testing/production-source.ts';
import { hasValidSignature, withSignature } from './gateway-signature.ts';
import { formatSandboxAmount } from './sandbox-gateway-page.ts';

const SECRET = 'x'.repeat(32);

describe('gateway signature', () => {
  const fields = { orderId: 'dep_1', amountMinor: '100', currency: 'THB', status: 'paid' };

  it('verifies what was signed, in any field order', () => {
    const signed = withSignature(fields, SECRET);
    expect(hasValidSignature(signed, SECRET)).toBe(true);
    const reordered = Object.fromEntries(Object.entries(signed).reverse());
    expect(hasValidSignature(reordered, SECRET)).toBe(true);
  });

  it('refuses a changed field, an added field, another secret or a malformed signature', () => {
    const signed = withSignature(fields, SECRET);
    expect(hasValidSignature({ ...signed, amountMinor: '1000' }, SECRET)).toBe(false);
    expect(hasValidSignature({ ...signed, extra: '' }, SECRET)).toBe(false);
    expect(hasValidSignature(signed, 'y'.repeat(32))).toBe(false);
    expect(
      hasValidSignature({ ...signed, signature: signed.signature.toUpperCase() }, SECRET),
    ).toBe(false);
    expect(hasValidSignature({ ...fields }, SECRET)).toBe(false);
  });
});

describe('PAYMENT_GATEWAY', () => {
  const base = { NODE_ENV: 'development' as const };

  it('is the sandbox outside production and none in production', () => {
    expect(loadEnv(base).PAYMENT_GATEWAY).toBe('sandbox');
    expect(loadEnv(productionSource()).PAYMENT_GATEWAY).toBe('none');
  });

  it('refuses the sandbox in production', () => {
    expect(() => loadEnv(productionSource({ PAYMENT_GATEWAY: 'sandbox' }))).toThrow(
      /PAYMENT_GATEWAY: sandbox is not allowed in production/,
    );
  });

  it('needs the URL, merchant id and a long secret for a real gateway', () => {
    expect(() => loadEnv({ ...base, PAYMENT_GATEWAY: 'hmac' })).toThrow(/PAYMENT_GATEWAY_URL/);
    expect(() =>
      loadEnv({
        ...base,
        PAYMENT_GATEWAY: 'hmac',
        PAYMENT_GATEWAY_URL: 'https://pay.example.com',
        PAYMENT_GATEWAY_MERCHANT_ID: 'm1',
        PAYMENT_GATEWAY_SECRET: 'short',
      }),
    ).toThrow(/at least 32 characters/);
    const env = loadEnv(
      productionSource({
        PAYMENT_GATEWAY: 'hmac',
        PAYMENT_GATEWAY_URL: 'https://pay.example.com',
        PAYMENT_GATEWAY_MERCHANT_ID: 'm1',
        PAYMENT_GATEWAY_SECRET: SECRET,
      }),
    );
    expect(env.PAYMENT_GATEWAY).toBe('hmac');
  });
});

describe('sandbox amounts', () => {
  it("shows minor units with the currency's decimals", () => {
    expect(formatSandboxAmount('1234567', 'THB')).toBe('12,345.67 THB');
    expect(formatSandboxAmount('5', 'THB')).toBe('0.05 THB');
    expect(formatSandboxAmount('1500', 'JPY')).toBe('1,500 JPY');
  });
});
