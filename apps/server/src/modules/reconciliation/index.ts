/**
 * The reconciliation module (issue 4; reliability checklist A9): a job that checks the ledger's
 * invariants and every vendor round's totals against the ledger, on a schedule under an
 * advisory lock, records each run in `reconciliation_runs` and warns in the log when something
 * does not add up; operators list the runs and start one under /ops/reconciliation-runs. The
 * schedule checks only what is new since the last verified point (issue 21 item 7); operators
 * get the full check unless they ask for the incremental one. It only reads money tables.
 */
export { reconciliationRoutes } from './reconciliation.routes.ts';
export { reconciliationJobs } from './reconciliation.jobs.ts';
export {
  runReconciliationNow,
  runScheduledReconciliation,
  RECONCILIATION_JOB,
} from './reconciliation.service.ts';
