import { createHash } from 'node:crypto';
import { DEVELOPMENT_HOUSE_VENDOR_SECRET, type Env } from '../../config/env.ts';

/** What the vendor wallet API reads from configuration (config/env.ts). */
export type VendorWalletConfig = {
  /** AES-256-GCM key that seals vendor secrets at rest. */
  sealKey: Buffer;
  /**
   * The house vendor's secret: HOUSE_VENDOR_SECRET, the development default outside
   * production, or null in production when unset (the house credential then keeps a random
   * secret that nobody holds, so nobody can sign as the house).
   */
  houseSecret: string | null;
  /** How far X-Timestamp may be from the server's clock, either way. */
  signatureWindowSeconds: number;
  /** How long a rotated-out secret still signs. */
  secretGraceMs: number;
  /** The share of each real-money house bet that feeds the jackpot pool, in basis points. */
  jackpotShareBps: number;
  /** Settings that fell back to a development default (warned about in production). */
  defaulted: ('HOUSE_VENDOR_SECRET' | 'VENDOR_SECRET_KEY')[];
};

const DEVELOPMENT_SEAL_KEY_TEXT = 'lanna-development-vendor-secret-key-not-for-production';
const HOUR_MS = 3_600_000;

export const vendorWalletConfigOf = (
  env: Pick<
    Env,
    | 'NODE_ENV'
    | 'HOUSE_VENDOR_SECRET'
    | 'VENDOR_SECRET_KEY'
    | 'VENDOR_SIGNATURE_WINDOW_SECONDS'
    | 'VENDOR_SECRET_GRACE_HOURS'
    | 'JACKPOT_SHARE_BPS'
  >,
): VendorWalletConfig => {
  const production = env.NODE_ENV === 'production';
  return {
    sealKey: env.VENDOR_SECRET_KEY
      ? Buffer.from(env.VENDOR_SECRET_KEY, 'base64')
      : createHash('sha256').update(DEVELOPMENT_SEAL_KEY_TEXT).digest(),
    houseSecret: env.HOUSE_VENDOR_SECRET ?? (production ? null : DEVELOPMENT_HOUSE_VENDOR_SECRET),
    signatureWindowSeconds: env.VENDOR_SIGNATURE_WINDOW_SECONDS,
    secretGraceMs: env.VENDOR_SECRET_GRACE_HOURS * HOUR_MS,
    jackpotShareBps: env.JACKPOT_SHARE_BPS,
    defaulted: [
      ...(env.HOUSE_VENDOR_SECRET ? [] : ['HOUSE_VENDOR_SECRET' as const]),
      ...(env.VENDOR_SECRET_KEY ? [] : ['VENDOR_SECRET_KEY' as const]),
    ],
  };
};
