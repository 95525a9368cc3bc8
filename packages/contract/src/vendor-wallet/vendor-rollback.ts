import type { z } from 'zod';
import {
  defineVendorCall,
  VendorMovementSchema,
  VendorTokenSchema,
  VendorTransactionIdSchema,
  VendorTransactionResultSchema,
} from './vendor-fields.ts';

/**
 * Cancels a debit of an open round (the vendor timed out or voided the bet): the debit's amount
 * goes back to the player, once. No live token is needed, and it is accepted in maintenance
 * and for a frozen account. A rollback of a debit never seen answers 404
 * VENDOR_TRANSACTION_NOT_FOUND and is remembered, so the debit, arriving late, is refused.
 */
export const VendorRollbackRequestSchema = VendorMovementSchema.extend({
  /** The transactionId of the debit to cancel. */
  referenceTransactionId: VendorTransactionIdSchema.describe(
    'The transactionId of the debit to cancel',
  ),
  /** Accepted and not checked: rollbacks never depend on a live session. */
  token: VendorTokenSchema.optional(),
});
export type VendorRollbackRequest = z.input<typeof VendorRollbackRequestSchema>;

export const vendorRollback = defineVendorCall({
  path: '/vendor/v1/rollback',
  summary:
    'A game provider cancels a debit of an open round (signed; no live token needed; accepted ' +
    'in maintenance and for a frozen account)',
  body: VendorRollbackRequestSchema,
  idempotent: true,
  value: VendorTransactionResultSchema,
  errors: [
    'IDEMPOTENCY_KEY_REUSED',
    'VENDOR_TRANSACTION_REUSED',
    'VENDOR_TRANSACTION_NOT_FOUND',
    'VENDOR_ROUND_CLOSED',
  ],
});
