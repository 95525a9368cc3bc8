/**
 * The wallet module (issue 4): balances today; transfers between wallets, deposits,
 * withdrawals and the vendor wallet API as issue 4 goes on. It moves money only through the
 * ledger module.
 */
export { walletRoutes } from './wallet.routes.ts';
export { getWalletBalance } from './wallet.service.ts';
/** Wallet transfers, consolidated funds and the merchant wallet. */
export { walletTransferRoutes } from './wallet-transfer.routes.ts';
/**
 * Transfers to the upline and to a downline. Register with the payments module's
 * `verifyPaymentPassword` (wallet does not import payments).
 */
export { memberTransferRoutes } from './member-transfer.routes.ts';
/**
 * A new trial account's play money (decision 017): app.ts hands it to the auth module's free
 * play (auth does not import wallet).
 */
export { payTrialPlayMoney } from './trial-play-money.service.ts';
/** Operator actions on wallets: wallet mode and agent policy, adjustments, freezes (/ops). */
export { walletOpsRoutes } from './wallet-ops.routes.ts';
/** A freeze the platform itself decides (an upline that did not pay a dividend). */
export { freezeMember } from './wallet-ops.service.ts';
/**
 * For other modules' money routes: the wallet mode (the vendor wallet API debits the main
 * wallet when single), a member's frozen state, and the one check that refuses a member's own
 * movement (bet, deposit, withdrawal, transfer) during maintenance or while frozen.
 */
export {
  assertMoneyMovementAllowed,
  getWalletSettings,
  isMemberFrozen,
  isSingleWallet,
  readMoneyMovementRefusals,
} from './wallet-mode.service.ts';
