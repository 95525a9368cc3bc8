import { ChangePasswordPayloadSchema, type FieldRule } from '@lanna/contract';
import { z } from 'zod';
import { refusal } from '@/components/ui/form/issue-text';
import { followsRule } from '@/lib/rule-check';

const { oldPassword, newPassword, confirmNewPassword } = ChangePasswordPayloadSchema.shape;

/** The new password through the merchant's rule, and its confirmation. */
export const newPasswordShape = (passwordRule: FieldRule | null | undefined) => ({
  newPassword: newPassword.superRefine(followsRule(passwordRule)),
  confirmNewPassword: confirmNewPassword.min(1),
});

type NewPasswords = { newPassword: string; confirmNewPassword: string };

/** Refuses a confirmation that differs from the new password ('inconsistent twice'). */
export const withSameNewPassword = <S extends z.ZodType<NewPasswords>>(schema: S): S =>
  schema.refine(
    (values) =>
      values.confirmNewPassword === '' || values.confirmNewPassword === values.newPassword,
    { path: ['confirmNewPassword'], ...refusal({ key: 'inconsistent twice' }) },
  );

/**
 * Change-password rules of spec section 5 on the contract's payload: the old password unless
 * already known, the new one through the merchant's password rule, and the confirmation equal
 * to it.
 */
export const changePasswordSchema = (
  passwordRule: FieldRule | undefined,
  oldPasswordKnown: boolean,
) =>
  withSameNewPassword(
    z.object({
      oldPassword: oldPasswordKnown ? z.string() : oldPassword,
      ...newPasswordShape(passwordRule),
    }),
  );
export type ChangePasswordFields = z.output<ReturnType<typeof changePasswordSchema>>;
