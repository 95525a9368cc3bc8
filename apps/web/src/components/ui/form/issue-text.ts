import type { TFunction } from 'i18next';
import type { z } from 'zod';

/** How a field was refused, named as the `validation.*` translation keys name it. */
export type IssueKind =
  'required' | 'tooShort' | 'tooLong' | 'tooSmall' | 'tooBig' | 'emailInvalid' | 'invalid';

/** A translation key and its values: the message a form schema's own check names. */
export type Message = { key: string; values?: Record<string, string | number> };

/** Per field path, the translation key to use instead of `validation.<kind>`. */
export type FieldMessages = Record<string, Partial<Record<IssueKind, string>>>;

/**
 * The params of a form schema's own check, so its issue shows `message`:
 * `.refine(same, { path: ['confirm'], ...refusal({ key: 'inconsistent twice' }) })`, or
 * `ctx.addIssue({ code: 'custom', path, input, ...refusal(message) })`.
 */
export const refusal = (message: Message) => ({ params: { message } });

const isBlank = (input: unknown) =>
  input === undefined || input === null || (typeof input === 'string' && input.trim() === '');

const messageOf = (issue: z.core.$ZodRawIssue): Message | undefined => {
  const params: unknown = issue.code === 'custom' ? issue.params : undefined;
  const message = (params as { message?: Message } | undefined)?.message;
  return typeof message?.key === 'string' ? message : undefined;
};

export const issueKind = (issue: z.core.$ZodRawIssue): IssueKind => {
  if (isBlank(issue.input)) return 'required';
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'string' ? 'tooShort' : 'tooSmall';
    case 'too_big':
      return issue.origin === 'string' ? 'tooLong' : 'tooBig';
    case 'invalid_format':
      return issue.format === 'email' ? 'emailInvalid' : 'invalid';
    default:
      return 'invalid';
  }
};

/**
 * The text a member reads for a zod issue, in their language: the check's own message
 * (`refusal`), else the field's key for this kind (`messages`), else `validation.<kind>` with
 * the bound as {{min}} or {{max}}. The one place a refused field becomes words.
 */
export const issueText = (
  t: TFunction,
  issue: z.core.$ZodRawIssue,
  messages: FieldMessages = {},
): string => {
  const own = messageOf(issue);
  if (own) return t(own.key, own.values);
  const kind = issueKind(issue);
  const field = (issue.path ?? []).join('.');
  const bound = issue.code === 'too_small' || issue.code === 'too_big';
  return t(messages[field]?.[kind] ?? `validation.${kind}`, {
    min: bound && 'minimum' in issue ? Number(issue.minimum) : undefined,
    max: bound && 'maximum' in issue ? Number(issue.maximum) : undefined,
  });
};
