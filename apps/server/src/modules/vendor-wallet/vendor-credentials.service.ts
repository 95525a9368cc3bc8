import { randomBytes } from 'node:crypto';
import { HOUSE_VENDOR_CODE } from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import { cachePerDatabase } from '../../shared/cache.ts';
import { findEnabledVendors } from '../games/index.ts';
import { CACHE_TTL_MS, findMerchantByCode, findMerchantRefs } from '../system/index.ts';
import * as repository from './vendor-credentials.repository.ts';
import { openSecret, sealSecret } from './secret-seal.ts';
import type { VendorWalletConfig } from './vendor-wallet-config.ts';

/** Who signed a request: a vendor of one merchant. */
export type VendorCaller = { merchantId: number; merchantCode: string; vendorCode: string };

/** A caller's credential, opened: the secrets that sign today (one, two during a rotation). */
export type VendorCredential = VendorCaller & { secrets: string[]; ipAllowlist: string[] };

const bindingOf = (merchantId: number, vendorCode: string): string =>
  `vendor-credential:${merchantId}:${vendorCode}`;

/** A new vendor secret: 256 bits from the CSPRNG, base64url. */
export const generateVendorSecret = (): string => randomBytes(32).toString('base64url');

/** A credential as stored, its secrets opened, before the clock decides which still sign. */
type OpenedCredential = VendorCaller & {
  secrets: { secret: string; retiresAt: Date | null }[];
  ipAllowlist: string[];
};

// Every signed call needs its credential: kept per database for CACHE_TTL_MS and dropped on
// this node the moment an operator rotates a secret or changes an allowlist. Another node sees
// such a change within CACHE_TTL_MS; a rotated-out secret signs through its grace period anyway.
const credentialCacheOf = cachePerDatabase<string, OpenedCredential | null>({
  max: 10_000,
  staleMs: CACHE_TTL_MS,
});

/** Drops this node's cached credentials once `tx` commits: a secret or allowlist changed. */
export const forgetVendorCredentialsAfterCommit = (tx: Db): void => {
  const cache = credentialCacheOf(tx);
  tx.afterCommit(() => cache.clear());
};

const openCredential = async (
  db: Db,
  config: VendorWalletConfig,
  caller: { merchantCode: string; vendorCode: string },
): Promise<OpenedCredential | null> => {
  const merchant = await findMerchantByCode(db, caller.merchantCode);
  if (!merchant) return null;
  const row = await repository.findCredential(db, merchant.id, caller.vendorCode);
  if (!row?.enabled) return null;
  const binding = bindingOf(merchant.id, caller.vendorCode);
  const secrets: OpenedCredential['secrets'] = [
    { secret: openSecret(config.sealKey, binding, row.secret_sealed), retiresAt: null },
  ];
  if (row.previous_secret_sealed && row.previous_retires_at)
    secrets.push({
      secret: openSecret(config.sealKey, binding, row.previous_secret_sealed),
      retiresAt: row.previous_retires_at,
    });
  return {
    merchantId: merchant.id,
    merchantCode: merchant.code,
    vendorCode: caller.vendorCode,
    secrets,
    ipAllowlist: row.ip_allowlist,
  };
};

/**
 * The enabled credential of a merchant's vendor, with every secret that still signs: the
 * current one, and the one it replaced until that retires. Null for an unknown merchant or
 * vendor, or a disabled credential.
 */
export const findVendorCredential = async (
  db: Db,
  config: VendorWalletConfig,
  caller: { merchantCode: string; vendorCode: string; now: Date },
): Promise<VendorCredential | null> => {
  const opened = await credentialCacheOf(db).get(
    `${caller.merchantCode}\n${caller.vendorCode}`,
    () => openCredential(db, config, caller),
  );
  if (!opened) return null;
  return {
    ...opened,
    secrets: opened.secrets
      .filter(({ retiresAt }) => retiresAt === null || retiresAt > caller.now)
      .map(({ secret }) => secret),
  };
};

/**
 * Gives a vendor a new secret (a generated one unless `secret` is given) and returns it: the
 * one it replaces keeps signing for VENDOR_SECRET_GRACE_HOURS, so the vendor can switch
 * without refusals; any older one stops at once. Creates the credential if it has none.
 */
export const rotateVendorSecret = (
  db: Db,
  config: VendorWalletConfig,
  rotation: { merchantId: number; vendorCode: string; secret?: string; now: Date },
): Promise<string> =>
  db.transaction(async (tx) => {
    forgetVendorCredentialsAfterCommit(tx);
    const { merchantId, vendorCode, now } = rotation;
    const secret = rotation.secret ?? generateVendorSecret();
    const secretSealed = sealSecret(config.sealKey, bindingOf(merchantId, vendorCode), secret);
    const created = await repository.insertCredential(tx, {
      merchantId,
      vendorCode,
      secretSealed,
      at: now,
    });
    if (created) return secret;
    const row = await repository.findCredential(tx, merchantId, vendorCode, true);
    if (!row) throw new Error(`vendor credential ${merchantId}/${vendorCode} vanished`);
    await repository.updateSecrets(tx, row.id, {
      secretSealed,
      previousSealed: row.secret_sealed,
      previousRetiresAt: new Date(now.getTime() + config.secretGraceMs),
      at: now,
    });
    return secret;
  });

/** Limits where a vendor may call from (CIDR ranges or addresses); empty allows any address. */
export const setVendorIpAllowlist = async (
  db: Db,
  allowlist: { merchantId: number; vendorCode: string; cidrs: readonly string[] },
): Promise<void> => {
  forgetVendorCredentialsAfterCommit(db);
  await repository.updateIpAllowlist(db, allowlist.merchantId, allowlist.vendorCode, [
    ...allowlist.cidrs,
  ]);
};

const houseSecretIsCurrent = async (
  db: Db,
  config: VendorWalletConfig,
  merchantId: number,
  houseSecret: string,
): Promise<boolean> => {
  const row = await repository.findCredential(db, merchantId, HOUSE_VENDOR_CODE);
  return (
    row !== null &&
    openSecret(config.sealKey, bindingOf(merchantId, HOUSE_VENDOR_CODE), row.secret_sealed) ===
      houseSecret
  );
};

/**
 * Gives every vendor a merchant offers a credential, and the house vendor (HOUSE) one on every
 * merchant, at each start. A third-party vendor gets a random secret that an operator rotates
 * to hand over; the house vendor gets HOUSE_VENDOR_SECRET, and a changed HOUSE_VENDOR_SECRET is
 * rotated in (the old one signs through the grace period). Returns how many credentials it
 * created and rotated.
 */
export const ensureVendorCredentials = async (
  db: Db,
  config: VendorWalletConfig,
  now: Date,
): Promise<{ created: number; rotated: number }> => {
  const missing: { merchantId: number; vendorCode: string; secretSealed: string; at: Date }[] = [];
  const merchants = await findMerchantRefs(db);
  for (const merchant of merchants) {
    const offered = new Set((await findEnabledVendors(db, merchant.id)).map((v) => v.code));
    const existing = await repository.findCredentialCodes(db, merchant.id);
    for (const vendorCode of new Set([...offered, HOUSE_VENDOR_CODE])) {
      if (existing.has(vendorCode)) continue;
      const secret = vendorCode === HOUSE_VENDOR_CODE ? config.houseSecret : null;
      const secretSealed = sealSecret(
        config.sealKey,
        bindingOf(merchant.id, vendorCode),
        secret ?? generateVendorSecret(),
      );
      missing.push({ merchantId: merchant.id, vendorCode, secretSealed, at: now });
    }
  }
  // A new installation creates dozens of credentials: one commit for all of them, not one each.
  let created = 0;
  if (missing.length > 0) {
    await db.transaction(async (tx) => {
      forgetVendorCredentialsAfterCommit(tx);
      created = 0;
      for (const credential of missing) {
        if (await repository.insertCredential(tx, credential)) created += 1;
      }
    });
  }
  let rotated = 0;
  for (const merchant of merchants) {
    const { houseSecret } = config;
    if (!(await houseSecretIsCurrent(db, config, merchant.id, houseSecret))) {
      await rotateVendorSecret(db, config, {
        merchantId: merchant.id,
        vendorCode: HOUSE_VENDOR_CODE,
        secret: houseSecret,
        now,
      });
      rotated += 1;
    }
  }
  return { created, rotated };
};
