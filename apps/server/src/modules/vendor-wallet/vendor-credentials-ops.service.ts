import type { VendorCredential } from '@lanna/contract';
import ipaddr from 'ipaddr.js';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import { insertAuditEntry } from '../ops/index.ts';
import { findMerchantByCode, type MerchantRef } from '../system/index.ts';
import * as repository from './vendor-credentials.repository.ts';
import { rotateVendorSecret, setVendorIpAllowlist } from './vendor-credentials.service.ts';
import type { VendorWalletConfig } from './vendor-wallet-config.ts';

/** Who acts, when, and why: what every operator action writes to the audit log. */
export type OperatorAction = { actor: string; reason: string; now: Date };

type Target = { merchant: MerchantRef; vendorCode: string };

/** The credential of a vendor the merchant has one for (every offered vendor and HOUSE). */
const getTarget = async (
  db: Db,
  target: { merchantCode: string; vendorCode: string },
): Promise<Target & { row: repository.CredentialRow }> => {
  const merchant = await findMerchantByCode(db, target.merchantCode);
  const row =
    merchant && (await repository.findCredential(db, merchant.id, target.vendorCode, true));
  if (!merchant || !row) throw new AppError('NOT_FOUND');
  return { merchant, vendorCode: target.vendorCode, row };
};

const viewOf = (row: repository.CredentialRow, now: Date): VendorCredential => ({
  vendorCode: row.vendor_code,
  ipAllowlist: row.ip_allowlist,
  secretRotatedAt: row.rotated_at.toISOString(),
  previousSecretRetiresAt:
    row.previous_retires_at && row.previous_retires_at > now
      ? row.previous_retires_at.toISOString()
      : null,
});

const reload = async (db: Db, target: Target): Promise<repository.CredentialRow> => {
  const row = await repository.findCredential(db, target.merchant.id, target.vendorCode);
  if (!row) throw new Error(`vendor credential ${target.vendorCode} vanished`);
  return row;
};

/**
 * Gives a vendor a new secret and shows it this once, for the operator to hand to the vendor;
 * the replaced one signs through the grace period. The audit row says when, never what.
 */
export const rotateSecretAsOperator = (
  db: Db,
  config: VendorWalletConfig,
  target: { merchantCode: string; vendorCode: string },
  action: OperatorAction,
): Promise<VendorCredential & { secret: string }> =>
  db.transaction(async (tx) => {
    const found = await getTarget(tx, target);
    const before = viewOf(found.row, action.now);
    const secret = await rotateVendorSecret(tx, config, {
      merchantId: found.merchant.id,
      vendorCode: found.vendorCode,
      now: action.now,
    });
    const after = viewOf(await reload(tx, found), action.now);
    await insertAuditEntry(tx, {
      merchantId: found.merchant.id,
      actor: action.actor,
      action: 'vendor.secret.rotate',
      target: `vendor:${found.vendorCode}`,
      reason: action.reason,
      before,
      after,
    });
    return { ...after, secret };
  });

const rangeIssues = (cidrs: readonly string[]) =>
  cidrs.flatMap((cidr, index) =>
    ipaddr.isValidCIDR(cidr) ? [] : [{ path: `cidrs.${index}`, message: 'not a valid CIDR range' }],
  );

/** Sets where a vendor's calls may come from (empty: anywhere), audit-logged. */
export const setIpAllowlistAsOperator = (
  db: Db,
  target: { merchantCode: string; vendorCode: string; cidrs: readonly string[] },
  action: OperatorAction,
): Promise<VendorCredential> =>
  db.transaction(async (tx) => {
    const issues = rangeIssues(target.cidrs);
    if (issues.length > 0) throw new AppError('VALIDATION_FAILED', { issues });
    const found = await getTarget(tx, target);
    const cidrs = [...new Set(target.cidrs)];
    await setVendorIpAllowlist(tx, {
      merchantId: found.merchant.id,
      vendorCode: found.vendorCode,
      cidrs,
    });
    const after = viewOf(await reload(tx, found), action.now);
    await insertAuditEntry(tx, {
      merchantId: found.merchant.id,
      actor: action.actor,
      action: 'vendor.allowlist.replace',
      target: `vendor:${found.vendorCode}`,
      reason: action.reason,
      before: { ipAllowlist: found.row.ip_allowlist },
      after: { ipAllowlist: after.ipAllowlist },
    });
    return after;
  });
