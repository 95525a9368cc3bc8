import { z } from 'zod';
import { PATTERN_IDS, type PatternId } from './patterns.ts';

/** Registration field rule (spec section 3). */
export const FieldRuleSchema = z.object({
  acceptedPattern: z.string(),
  minLength: z.number().int().min(0),
  maxLength: z.number().int().min(0),
  patternId: z
    .number()
    .int()
    .refine((id) => PATTERN_IDS.includes(id as PatternId)),
  enabled: z.boolean(),
  required: z.boolean(),
});
export type FieldRule = z.infer<typeof FieldRuleSchema>;

export type FieldVerdict = 'ok' | 'required' | 'tooShort' | 'tooLong' | 'pattern';

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Length as a person counts it: a Thai syllable with its tone mark is one character. */
export const visibleLength = (value: string): number => [...graphemes.segment(value)].length;

/**
 * A value is valid only if it matches the pattern and its length is within bounds; '*'
 * matches anything (spec section 5).
 */
export const checkField = (rule: FieldRule, raw: string): FieldVerdict => {
  const value = raw.trim();
  if (value.length === 0) return rule.required ? 'required' : 'ok';
  const length = visibleLength(value);
  if (length < rule.minLength) return 'tooShort';
  if (rule.maxLength > 0 && length > rule.maxLength) return 'tooLong';
  if (rule.acceptedPattern === '*') return 'ok';
  return new RegExp(rule.acceptedPattern, 'u').test(value) ? 'ok' : 'pattern';
};
