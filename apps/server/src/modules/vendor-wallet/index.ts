/**
 * The vendor wallet module (issue 4 item 4): the API game providers call to move a player's
 * money (/vendor/v1/balance, debit, credit, rollback; signed with a per-vendor HMAC secret),
 * the player tokens the game launch hands them, and their credentials; betting records read
 * the rounds it writes (modules/betting). Money moves only through the ledger module.
 */
export { vendorWalletRoutes } from './vendor-wallet.routes.ts';
/** The game launch (issue 5) makes the token a vendor passes back on balance and debit. */
export { issueVendorSession, type VendorSession } from './vendor-session.service.ts';
/** Credentials: created for every offered vendor and the house vendor at start; rotation. */
export {
  ensureVendorCredentials,
  generateVendorSecret,
  rotateVendorSecret,
  setVendorIpAllowlist,
} from './vendor-credentials.service.ts';
export { vendorWalletConfigOf, type VendorWalletConfig } from './vendor-wallet-config.ts';
