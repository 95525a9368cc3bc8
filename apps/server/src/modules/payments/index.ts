/**
 * The payments module (issue 4 items 5 and 6): deposits through bank transfer or a payment
 * gateway, and withdrawals. It moves money only through the ledger module.
 */
export { paymentsRoutes } from './payments.routes.ts';
