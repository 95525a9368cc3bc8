import { z } from 'zod';

const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A comma-separated list of `values`, as the spec's calls send them ('B,PL,PU'): one pattern,
 * so the document states which lists the server takes. Parsed into the distinct values.
 */
export const commaListSchema = <const T extends string>(values: readonly T[]) => {
  const item = `(?:${values.map(escape).join('|')})`;
  return z
    .string()
    .regex(new RegExp(`^${item}(?:,${item})*$`, 'u'), `a comma list of ${values.join(',')}`)
    .max(values.join(',').length * 2)
    .transform((text) => [...new Set(text.split(','))] as T[]);
};
