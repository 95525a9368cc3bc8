import type { BaseSyntheticEvent } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '@/lib/api/api-error';
import { failureText } from './failure-text';
import type { FieldMessages, Message } from './issue-text';
import { translatedResolver } from './translated-resolver';

type FormSchema = z.ZodType<FieldValues, FieldValues>;

export type ContractFormOptions = {
  /** Per field, a key to show instead of `validation.<kind>` (`{ username: { required: ... } }`). */
  messages?: FieldMessages;
  /**
   * The words of a field the server refused (VALIDATION_FAILED, RULES_NOT_MET), when the form
   * knows better than 'invalid': a merchant's field rule names its own message from the verdict.
   */
  serverIssueMessage?: (issue: { path: string; message: string }) => Message | null;
};

export type ContractForm<S extends FormSchema> = UseFormReturn<z.input<S>, unknown, z.output<S>> & {
  /** The translated text of a field's error, for the field's `error` prop. */
  fieldError: (name: Path<z.input<S>>) => string | undefined;
  /** The text of the last failed submit, for the form's `FormAlert`. */
  alert: string | undefined;
  /** The `<form onSubmit>` handler: validates, then runs `handler` with the parsed values. */
  submit: (
    handler: (values: z.output<S>) => Promise<void> | void,
  ) => (event?: BaseSyntheticEvent) => void;
  /** Shows a failure the way `submit` shows what its handler throws. */
  showFailure: (error: unknown) => void;
};

const SERVER_ERROR = 'root.server' as const;

/**
 * A form on react-hook-form, validated by a schema from `@lanna/contract` (or one derived from
 * it with `.pick`, `.extend`, `.refine`):
 *
 *   const form = useContractForm(Schema, { username: '' }, { messages });
 *   <form noValidate onSubmit={form.submit(async (values) => { await request(values); })}>
 *     <TextField {...form.register('username')} error={form.fieldError('username')} />
 *     {form.alert && <FormAlert>{form.alert}</FormAlert>}
 *     <SubmitButton busy={form.formState.isSubmitting} testId="...">...</SubmitButton>
 *
 * Fields are checked on submit, then again as a refused one changes; a refused submit focuses
 * the first invalid field. Every issue's text comes from `issueText` (translated, never a key).
 * A submit while one is under way is ignored. What the handler throws is shown: a
 * VALIDATION_FAILED's issues on their fields (the first focused), and the failure's text
 * (`failureText`) in `alert`. A handler that handles some failures itself catches them and
 * rethrows the rest, or calls `showFailure`.
 */
export const useContractForm = <S extends FormSchema>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
  options: ContractFormOptions = {},
): ContractForm<S> => {
  const { t } = useTranslation();
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: translatedResolver(schema, t, options.messages),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
  });
  const { errors, isSubmitting } = form.formState;

  const showFailure = (error: unknown) => {
    const fields = form.getValues();
    const issues =
      isApiError(error) && ['VALIDATION_FAILED', 'RULES_NOT_MET'].includes(error.code)
        ? error.issues
        : [];
    issues
      .filter((issue) => (issue.path.split('.')[0] ?? '') in fields)
      .forEach((issue, index) => {
        const own = options.serverIssueMessage?.(issue);
        const key = issue.message === 'required' ? 'validation.required' : 'validation.invalid';
        form.setError(
          issue.path as Path<z.input<S>>,
          { type: 'server', message: own ? t(own.key, own.values) : t(key) },
          { shouldFocus: index === 0 },
        );
      });
    form.setError(SERVER_ERROR, {
      type: isApiError(error) ? error.code : 'INTERNAL_ERROR',
      message: failureText(t, error),
    });
  };

  const submit: ContractForm<S>['submit'] = (handler) => (event) => {
    if (isSubmitting) {
      event?.preventDefault();
      return;
    }
    void form.handleSubmit(async (values) => {
      try {
        await handler(values);
      } catch (caught) {
        showFailure(caught);
      }
    })(event);
  };

  return {
    ...form,
    fieldError: (name) => form.getFieldState(name, form.formState).error?.message,
    alert: errors.root?.server?.message,
    submit,
    showFailure,
  };
};
