import type { Env } from '../../config/env.ts';

/** What the vendor wallet API reads from configuration (config/env.ts). */
export type VendorWalletConfig = {
  /** AES-256-GCM key that seals vendor secrets at rest. */
  sealKey: Buffer;
  /** The house vendor's secret: HOUSE_VENDOR_SECRET. */
  houseSecret: string;
  /** How far X-Timestamp may be from the server's clock, either way. */
  signatureWindowSeconds: number;
  /** How long a rotated-out secret still signs. */
  secretGraceMs: number;
  /** The share of each real-money house bet that feeds the jackpot pool, in basis points. */
  jackpotShareBps: number;
};

const HOUR_MS = 3_600_000;

export const vendorWalletConfigOf = (
  env: Pick<
    Env,
    | 'HOUSE_VENDOR_SECRET'
    | 'VENDOR_SECRET_KEY'
    | 'VENDOR_SIGNATURE_WINDOW_SECONDS'
    | 'VENDOR_SECRET_GRACE_HOURS'
    | 'JACKPOT_SHARE_BPS'
  >,
): VendorWalletConfig => ({
  sealKey: Buffer.from(env.VENDOR_SECRET_KEY, 'base64'),
  houseSecret: env.HOUSE_VENDOR_SECRET,
  signatureWindowSeconds: env.VENDOR_SIGNATURE_WINDOW_SECONDS,
  secretGraceMs: env.VENDOR_SECRET_GRACE_HOURS * HOUR_MS,
  jackpotShareBps: env.JACKPOT_SHARE_BPS,
});
