/**
 * What the bench (bench/) and the end-to-end journeys (e2e/) use of the server besides HTTP:
 * the database, the demo data, the ledger and the vendor session they prepare load with, the
 * human check a scripted sign-in solves, and the process helper that starts the server.
 */
export { openDb, type Db, type DbTarget } from '../db/client.ts';
export { migrate } from '../db/migrate.ts';
export { seedGames } from '../db/seed/games.ts';
export { seed } from '../db/seed/index.ts';
export { solveHumanChallengeSync } from '../modules/auth/human-proof.service.ts';
export {
  checkLedgerInvariants,
  getOrCreateHouseAccount,
  getOrCreateMemberAccount,
  moveEntries,
  postTransfer,
  postTransfers,
  type TransferRequest,
} from '../modules/ledger/index.ts';
// Group commit is measured by the bench; no service posts through it (decision 007).
export { createTransferBatcher } from '../modules/ledger/transfer-batcher.ts';
export { issueVendorSession } from '../modules/vendor-wallet/index.ts';
// The bench times the scheduled (incremental) run beside the full check (issue 21 item 7).
export { runReconciliationNow } from '../modules/reconciliation/index.ts';
// The bench times one real-time salary run for 10,000 agents (issue 22).
export { settleMerchant } from '../modules/agents/index.ts';
export * from './server-process.ts';
