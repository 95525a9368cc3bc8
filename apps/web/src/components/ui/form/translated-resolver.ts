import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import {
  get,
  type FieldError,
  type FieldErrors,
  type FieldValues,
  type Resolver,
} from 'react-hook-form';
import type { z } from 'zod';
import { issueText, type FieldMessages } from './issue-text';

const leaves = (errors: FieldErrors, prefix = ''): [string, FieldError][] =>
  Object.entries(errors).flatMap(([key, value]) => {
    if (!value || typeof value !== 'object') return [];
    const path = `${prefix}${key}`;
    return typeof (value as FieldError).type === 'string'
      ? [[path, value as FieldError]]
      : leaves(value as FieldErrors, `${path}.`);
  });

/**
 * `zodResolver` whose every message is `issueText`. A contract schema that carries its own
 * English message (`MobileNumberSchema`'s 'digits only, 4 to 20') wins over zod's error map,
 * so such a field's error is translated again from its issue code and value.
 */
export const translatedResolver = <S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  t: TFunction,
  messages: FieldMessages | undefined,
): Resolver<z.input<S>, unknown, z.output<S>> => {
  return async (values, context, options) => {
    const translated = new Set<string>();
    const resolve = zodResolver(schema, {
      error: (issue) => {
        const text = issueText(t, issue, messages);
        translated.add(`${(issue.path ?? []).join('.')}\u0000${text}`);
        return text;
      },
    });
    const result = await resolve(values, context, options);
    for (const [path, error] of leaves(result.errors)) {
      if (translated.has(`${path}\u0000${error.message ?? ''}`)) continue;
      error.message = issueText(
        t,
        {
          code: error.type,
          path: path.split('.'),
          input: get(values, path),
        } as z.core.$ZodRawIssue,
        messages,
      );
    }
    return result;
  };
};
