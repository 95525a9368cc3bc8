import { PATTERNS, type FieldRule, type FieldVerdict, type PatternId } from '@lanna/contract';
import type { Message } from '@/components/ui/form/issue-text';

export type { Message };

/** The translation key of a pattern kind: one per pattern id (spec section 5). */
export const patternMessageKey = (patternId: number): string => {
  const pattern = PATTERNS[patternId as PatternId] as { key: string } | undefined;
  return `patterns.${pattern?.key ?? 'any'}`;
};

/**
 * The message for a field the shared validator refused: 'required' asks for a value; any other
 * verdict shows the pattern's message with the rule's min and max substituted (spec section 5:
 * messages per pattern id).
 */
export const fieldMessage = (rule: FieldRule, verdict: FieldVerdict): Message | null => {
  if (verdict === 'ok') return null;
  if (verdict === 'required') return { key: 'validation.required' };
  return {
    key: patternMessageKey(rule.patternId),
    values: { min: rule.minLength, max: rule.maxLength },
  };
};
