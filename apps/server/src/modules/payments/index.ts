/**
 * The payments module (issue 4 items 5 and 6): deposits through bank transfer or a payment
 * gateway, and withdrawals. It moves money only through the ledger module.
 */
export { paymentsRoutes } from './payments.routes.ts';
/**
 * The payment password check for any money route that needs the second secret (transfers,
 * withdrawals): resolves when right, throws PAYMENT_PASSWORD_NOT_SET, PAYMENT_PASSWORD_WRONG or
 * PAYMENT_PASSWORD_LOCKED (retryAfterSeconds) otherwise, counting the failure.
 */
export { verifyPaymentPassword, type MemberRef } from './payment-password.service.ts';
