/**
 * The wallet module (issue 4): balances today; transfers between wallets, deposits,
 * withdrawals and the vendor wallet API as issue 4 goes on. It moves money only through the
 * ledger module.
 */
export { walletRoutes } from './wallet.routes.ts';
export { getWalletBalance } from './wallet.service.ts';
