// Proves how vendor credentials are made and kept: every vendor a merchant offers and the
// house vendor get one at start, once; secrets are sealed at rest and open only under the
// configured key and on their own credential; the house vendor signs with HOUSE_VENDOR_SECRET,
// a changed one is rotated in; and production neither accepts nor falls back to the public
// development secret.
import { HOUSE_VENDOR_CODE } from '@lanna/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVELOPMENT_HOUSE_VENDOR_SECRET, EnvError, loadEnv } from '../../config/env.ts';
import { openTestDb, testEnv, type TestDb } from '../../testing/index.ts';
import { productionSource } from '../../testing/production-source.ts';
import { findEnabledVendors } from '../games/index.ts';
import { openSecret } from './secret-seal.ts';
import { ensureVendorCredentials, findVendorCredential } from './vendor-credentials.service.ts';
import { vendorWalletConfigOf } from './vendor-wallet-config.ts';

let testDb: TestDb;
const NOW = new Date('2026-03-01T12:00:00Z');
const HOUR_MS = 3_600_000;

beforeAll(async () => {
  testDb = await openTestDb();
});

afterAll(async () => {
  await testDb.close();
});

const configOf = (env: Record<string, string>) => vendorWalletConfigOf(testEnv(env));

const credentialOf = (merchantCode: string, vendorCode: string, now = NOW) =>
  findVendorCredential(testDb.db, configOf({}), { merchantCode, vendorCode, now });

describe('vendor credentials', () => {
  it('are made once for every vendor a merchant offers, the house holding HOUSE_VENDOR_SECRET', async () => {
    const production = configOf({});
    const first = await ensureVendorCredentials(testDb.db, production, NOW);
    const lanna = await testDb.db.one<{ id: number }>(
      "SELECT id FROM merchants WHERE code = 'lanna'",
    );
    const offered = new Set((await findEnabledVendors(testDb.db, lanna.id)).map((v) => v.code));
    expect(offered.size).toBeGreaterThan(10);
    const rows = await testDb.db.query<{ vendor_code: string }>(
      'SELECT vendor_code FROM vendor_credentials WHERE merchant_id = $1',
      [lanna.id],
    );
    expect(new Set(rows.map((row) => row.vendor_code))).toEqual(
      new Set([...offered, HOUSE_VENDOR_CODE]),
    );
    expect(first.created).toBeGreaterThan(offered.size);
    expect(await ensureVendorCredentials(testDb.db, production, NOW)).toEqual({
      created: 0,
      rotated: 0,
    });
    const house = await credentialOf('lanna', HOUSE_VENDOR_CODE);
    expect(house?.secrets).toEqual([DEVELOPMENT_HOUSE_VENDOR_SECRET]);
  });

  it('rotate HOUSE_VENDOR_SECRET in when it is set, keeping the old one through the grace period', async () => {
    const before = await credentialOf('siam', HOUSE_VENDOR_CODE);
    const configured = 'a-house-vendor-secret-set-by-the-operator-0123';
    const result = await ensureVendorCredentials(
      testDb.db,
      configOf({ HOUSE_VENDOR_SECRET: configured }),
      NOW,
    );
    expect(result).toEqual({ created: 0, rotated: 2 });
    const during = await credentialOf('siam', HOUSE_VENDOR_CODE, new Date(NOW.getTime() + HOUR_MS));
    expect(during?.secrets).toEqual([configured, before?.secrets[0]]);
    const after = await credentialOf(
      'siam',
      HOUSE_VENDOR_CODE,
      new Date(NOW.getTime() + 25 * HOUR_MS),
    );
    expect(after?.secrets).toEqual([configured]);
    // The same configuration again changes nothing.
    expect(
      await ensureVendorCredentials(testDb.db, configOf({ HOUSE_VENDOR_SECRET: configured }), NOW),
    ).toEqual({ created: 0, rotated: 0 });
  });

  it('are sealed at rest: not in the table in clear, and bound to their own credential', async () => {
    const house = await credentialOf('lanna', HOUSE_VENDOR_CODE);
    const secret = house?.secrets[0] ?? '';
    const rows = await testDb.db.query<{ merchant_id: number; secret_sealed: string }>(
      "SELECT merchant_id, secret_sealed FROM vendor_credentials WHERE vendor_code = 'HOUSE'",
    );
    expect(rows.length).toBe(2);
    for (const row of rows) {
      expect(row.secret_sealed).not.toContain(secret);
      expect(row.secret_sealed).toMatch(/^v1\./);
    }
    const config = configOf({});
    const [lanna, siam] = rows;
    if (!lanna || !siam) throw new Error('two merchants expected');
    // Opened on another credential's binding or under another key, a sealed secret fails.
    expect(() =>
      openSecret(
        config.sealKey,
        `vendor-credential:${siam.merchant_id}:HOUSE`,
        lanna.secret_sealed,
      ),
    ).toThrow();
    const otherKey = configOf({ VENDOR_SECRET_KEY: Buffer.alloc(32, 7).toString('base64') });
    expect(() =>
      openSecret(
        otherKey.sealKey,
        `vendor-credential:${lanna.merchant_id}:HOUSE`,
        lanna.secret_sealed,
      ),
    ).toThrow();
  });
});

describe('configuration', () => {
  it('refuses the development house secret in production, and defaults to it elsewhere', () => {
    expect(() =>
      loadEnv(productionSource({ HOUSE_VENDOR_SECRET: DEVELOPMENT_HOUSE_VENDOR_SECRET })),
    ).toThrow(EnvError);
    expect(() => loadEnv({ HOUSE_VENDOR_SECRET: 'too-short' })).toThrow(EnvError);
    expect(() => loadEnv({ VENDOR_SECRET_KEY: 'not-base64-32-bytes' })).toThrow(EnvError);
    expect(() => loadEnv({ ...productionSource(), HOUSE_VENDOR_SECRET: '' })).toThrow(
      /HOUSE_VENDOR_SECRET: required in production/,
    );
    expect(vendorWalletConfigOf(loadEnv({})).houseSecret).toBe(DEVELOPMENT_HOUSE_VENDOR_SECRET);
    const config = vendorWalletConfigOf(
      loadEnv({ VENDOR_SIGNATURE_WINDOW_SECONDS: '60', VENDOR_SECRET_GRACE_HOURS: '2' }),
    );
    expect(config.signatureWindowSeconds).toBe(60);
    expect(config.secretGraceMs).toBe(2 * HOUR_MS);
  });
});
