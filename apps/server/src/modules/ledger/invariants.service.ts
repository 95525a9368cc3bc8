import type { Db } from '../../db/client.ts';
import { findViolations, type ViolationRow } from './invariants.repository.ts';

export type LedgerViolation = ViolationRow;

export type InvariantReport = { ok: boolean; violations: LedgerViolation[] };

// Enough to see what broke without flooding a log when everything did.
const MAX_REPORTED = 100;

/**
 * Checks the ledger's invariants (architecture.md, Data; reliability checklist A1, A9): all
 * entries, of each merchant and of each transfer, sum to zero; every cached balance equals the
 * sum of its account's entries and the balance after its latest entry; no member balance is
 * negative. Tests run it after every command; a reconciliation job runs it on a schedule.
 */
export const checkLedgerInvariants = async (
  db: Db,
  options: { merchantId?: number } = {},
): Promise<InvariantReport> => {
  const violations = await findViolations(db, options.merchantId ?? null, MAX_REPORTED);
  return { ok: violations.length === 0, violations };
};
