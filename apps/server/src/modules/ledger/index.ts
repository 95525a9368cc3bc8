/**
 * The ledger module (issue 4; decision 007): the double-entry core and the only writer of the
 * ledger tables. Other modules open accounts and post transfers through this file; it has no
 * routes. Every money movement is a transfer: balanced entries, an idempotency key per
 * merchant, cached balances under row locks, member balances never below zero.
 */
export {
  findMemberAccounts,
  getOrCreateHouseAccount,
  HOUSE_SHARDS,
  houseAccountIdOf,
  houseShardOf,
  lockHouseShards,
  getOrCreateMemberAccount,
  memberAccountIdOf,
  postTransfer,
  postTransfers,
  prepareLedgerPosting,
  type LedgerPosting,
  setAccountFrozen,
  sumHouseAccount,
  type PostOptions,
} from './ledger.service.ts';
export {
  checkLedgerInvariants,
  type InvariantReport,
  type LedgerViolation,
} from './invariants.service.ts';
export { MAX_ENTRY_MINOR, moveEntries } from './posting.ts';
export type { LedgerPostRow } from './ledger.repository.ts';
/** Read-only, from memory when fresh: a member's accounts for showing balances. */
export { readMemberAccounts } from './member-accounts-cache.ts';
/** Read-only: an agent team's money in and out (the agent centre's team transactions). */
export {
  countTeamEntries,
  findTeamEntries,
  type TeamEntryRow,
  type TeamStatementFilter,
} from './team-statement.repository.ts';
/** Read-only: a group's or a team's summed balances, and members' own (team reports). */
export {
  findMemberBalances,
  sumMemberBalances,
  sumTeamBalances,
} from './member-totals.repository.ts';
/** Read-only: one member's movements by type (turnover requirements). */
export {
  findFirstMemberTransfer,
  findLastMemberTransfer,
  sumMemberEntriesByType,
  type MemberTransferSummary,
  sumMemberTransfersBetween,
} from './member-activity.repository.ts';
export type {
  BalanceChanged,
  Entry,
  HouseAccount,
  LedgerAccount,
  LedgerEvents,
  MemberWallet,
  PostedEntry,
  PostedTransfer,
  TransferOutcome,
  TransferRequest,
  TransferType,
} from './ledger.types.ts';
/** Reading a member's movements (the account record); the ledger stays the only writer. */
export {
  countStatement,
  findStatement,
  type StatementFilter,
  type StatementRow,
  type StatementSelection,
} from './statement.repository.ts';
