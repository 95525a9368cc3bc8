import { OpenAccountPayloadSchema, type FieldRule, type RegisterRules } from '@lanna/contract';
import { z } from 'zod';
import { refusal } from '@/components/ui/form/issue-text';
import { followsRule } from '@/lib/rule-check';

const { username, password, nickname, kind } = OpenAccountPayloadSchema.shape;

/** Every account has a username and a password, whatever the merchant's rule says of them. */
const required = (rule: FieldRule | undefined): FieldRule | undefined =>
  rule && { ...rule, required: true };

/**
 * The open-account payload checked as registration checks it (spec section 5): the username
 * and password through the merchant's rules with the contract's `checkField`, the validator
 * the server runs, and the confirmation equal to the password ('inconsistent twice').
 */
export const openAccountSchema = (rules: RegisterRules) =>
  z
    .object({
      username: username.superRefine(followsRule(required(rules.username))),
      password: password.min(1).superRefine(followsRule(required(rules.password))),
      confirmPassword: z.string().min(1),
      nickname: nickname.unwrap(),
      kind,
    })
    .refine((values) => values.confirmPassword === values.password, {
      path: ['confirmPassword'],
      ...refusal({ key: 'inconsistent twice' }),
    });
export type OpenAccountFields = z.output<ReturnType<typeof openAccountSchema>>;
