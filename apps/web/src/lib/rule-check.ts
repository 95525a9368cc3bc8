import { checkField, type FieldRule } from '@lanna/contract';
import type { z } from 'zod';
import { refusal } from '@/components/ui/form/issue-text';
import { fieldMessage } from './field-message';

/**
 * A form schema's check of a value against the merchant's rule, through the contract's
 * `checkField` (the validator the server runs), refusing with the rule's own message.
 */
export const followsRule =
  (rule: FieldRule | null | undefined) =>
  (value: string, ctx: z.RefinementCtx): void => {
    if (!rule) return;
    const message = fieldMessage(rule, checkField(rule, value));
    if (message) ctx.addIssue({ code: 'custom', input: value, ...refusal(message) });
  };
