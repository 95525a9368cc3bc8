import type { z } from 'zod';

/**
 * A refinement's issue for a rule across fields, which the JSON Schema of the document cannot
 * state: the server answers it with RULES_NOT_MET instead of VALIDATION_FAILED, so a client
 * that sent what the document calls valid learns the refusal is a rule, not a format.
 */
export const ruleIssue = (message: string, path: (string | number)[]): z.core.$ZodRawIssue => ({
  code: 'custom',
  message,
  path,
  input: undefined,
  params: { code: 'RULES_NOT_MET' },
});

/** Whether an issue came from `ruleIssue`. */
export const isRuleIssue = (issue: object): boolean =>
  (issue as { params?: { code?: unknown } }).params?.code === 'RULES_NOT_MET';
