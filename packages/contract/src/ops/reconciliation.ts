import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { checkPageDepth, keysetPageFields, keysetPageOf } from '../paging.ts';
import { OperatorReasonSchema } from '../text.ts';

/**
 * Reconciliation (issue 4; reliability checklist A9): a run checks that the ledger's entries
 * sum to zero per merchant and per transfer, that every cached balance equals its entries, that
 * no member balance is negative, and that every vendor round's totals equal the bets, wins and
 * rollbacks the ledger moved for it. The server runs it on a schedule
 * (RECONCILE_INTERVAL_MINUTES); operators list the runs and can start one.
 */
export const ReconciliationFindingSchema = z.object({
  /** Which check found it: the ledger's invariants, or vendor rounds against the ledger. */
  check: z.enum(['ledger', 'rounds']),
  /**
   * The broken rule: merchant_unbalanced, transfer_unbalanced, balance_not_sum_of_entries,
   * balance_not_last_balance_after, member_balance_negative (ledger); round_debit_differs,
   * round_credit_differs, round_rollback_differs, round_missing (rounds).
   */
  rule: z.string(),
  /** What it is about: a merchant, transfer or account id, or merchant:round reference. */
  subject: z.string(),
  /** The figure found and the figure the rule wants, in minor units as text. */
  found: z.string(),
  expected: z.string(),
});
export type ReconciliationFinding = z.infer<typeof ReconciliationFindingSchema>;

/**
 * What a run reads: 'full', the whole ledger and every round; 'incremental', only what is new
 * since the last incremental run that found nothing (the schedule runs this one). An
 * incremental run does not see a row older than that point changed behind the ledger's back;
 * the full run does.
 */
export const ReconciliationScopeSchema = z.enum(['full', 'incremental']);
export type ReconciliationScope = z.infer<typeof ReconciliationScopeSchema>;

export const ReconciliationRunSchema = z.object({
  id: z.string(),
  trigger: z.enum(['schedule', 'operator']),
  /** The operator who started it; null for a scheduled run. */
  actor: z.string().nullable(),
  scope: ReconciliationScopeSchema,
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime(),
  ok: z.boolean(),
  /** Every finding; `findings` lists the first ones of each check. */
  findingCount: z.number().int().min(0),
  findings: z.array(ReconciliationFindingSchema),
});
export type ReconciliationRun = z.infer<typeof ReconciliationRunSchema>;

export const findReconciliationRuns = defineEndpoint({
  method: 'GET',
  path: '/ops/reconciliation-runs',
  summary:
    'Reconciliation runs, newest first; `ok=false` lists the ones that found something; the ' +
    'next and previous pages by the cursors a page hands out, counted up to 10,000',
  tag: 'ops',
  auth: 'operator',
  query: z
    .object({ ...keysetPageFields, ok: z.enum(['true', 'false']).optional() })
    .strict()
    .superRefine(checkPageDepth),
  value: keysetPageOf(ReconciliationRunSchema),
  errors: ['UNAUTHORIZED', 'VALIDATION_FAILED', 'RULES_NOT_MET'],
});

export const runReconciliation = defineEndpoint({
  method: 'POST',
  path: '/ops/reconciliation-runs',
  summary: 'Run the reconciliation now and answer its findings (operators; audit-logged)',
  tag: 'ops',
  auth: 'operator',
  body: z
    .object({
      reason: OperatorReasonSchema,
      /** Full unless asked otherwise. */
      scope: ReconciliationScopeSchema.default('full'),
    })
    .strict(),
  value: ReconciliationRunSchema,
  errors: ['UNAUTHORIZED', 'VALIDATION_FAILED', 'MALFORMED_BODY'],
});
