import { checkField, type RegisterRules } from '@lanna/contract';
import { AppError } from '../../shared/app-error.ts';
import {
  isCommonPassword,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../../shared/password-policy.ts';

/**
 * A new password (change or reset) through the merchant's registration rule for `password`,
 * then the platform's floor: length, and neither a common password nor one holding the username.
 */
export const checkNewPassword = (
  newPassword: string,
  username: string,
  rules: RegisterRules,
): void => {
  const rule = rules.password;
  const verdict = rule ? checkField({ ...rule, required: true }, newPassword) : 'ok';
  const length =
    newPassword.length < PASSWORD_MIN_LENGTH
      ? 'tooShort'
      : newPassword.length > PASSWORD_MAX_LENGTH
        ? 'tooLong'
        : 'ok';
  const problem = verdict !== 'ok' ? verdict : length;
  if (problem !== 'ok') {
    // The merchant's password rules: the document cannot state them.
    throw new AppError('RULES_NOT_MET', {
      issues: [{ path: 'newPassword', message: problem }],
    });
  }
  if (
    isCommonPassword(newPassword) ||
    (username !== '' && newPassword.toLowerCase().includes(username.toLowerCase()))
  ) {
    throw new AppError('WEAK_PASSWORD');
  }
};
