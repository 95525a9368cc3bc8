import {
  BankAccountNumberSchema,
  BankNameSchema,
  E_WALLET_TYPES,
  EWalletIdSchema,
  PayeeNameSchema,
  type EWalletType,
  type PayeeAccountKind,
} from '@lanna/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/ui/form/form-alert';
import { focusFirstInvalid } from '@/components/ui/form/focus-first-invalid';
import formStyles from '@/components/ui/form/form.module.css';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { PasswordField, TextField } from '@/components/ui/form/text-field';
import { errorMessageKey } from '@/lib/api/api-error';
import { bindBankCardRequest, bindEWalletRequest, payeeAccountsQuery } from '../api/bank-cards';
import tabStyles from './payment-tab.module.css';
import styles from './withdrawal-page.module.css';

export type BankCardFields = {
  bankName: string;
  walletType: EWalletType;
  accountName: string;
  accountNumber: string;
  paymentPassword: string;
};
type FieldErrors = Partial<Record<keyof BankCardFields, string>>;

/** Spaces and hyphens people type in account numbers are dropped before sending. */
export const compactAccountNumber = (value: string): string => value.replace(/[\s-]/g, '');

const sameName = (a: string, b: string) =>
  a.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase() ===
  b.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

/** The contract's own schemas, and the payee name where the profile has one. */
export const validateBankCard = (
  fields: BankCardFields,
  kind: PayeeAccountKind,
  payeeName: string | null,
): FieldErrors => {
  const errors: FieldErrors = {};
  if (kind === 'bank' && !BankNameSchema.safeParse(fields.bankName).success)
    errors.bankName = fields.bankName.trim()
      ? 'withdrawal.payee.invalidBankName'
      : 'validation.required';
  if (!fields.accountName.trim()) errors.accountName = 'validation.required';
  else if (!PayeeNameSchema.safeParse(fields.accountName).success)
    errors.accountName = 'withdrawal.payee.invalidName';
  else if (payeeName && !sameName(payeeName, fields.accountName))
    errors.accountName = 'errors.PAYEE_NAME_MISMATCH';
  const number =
    kind === 'bank' ? compactAccountNumber(fields.accountNumber) : fields.accountNumber;
  const schema = kind === 'bank' ? BankAccountNumberSchema : EWalletIdSchema;
  if (!number.trim()) errors.accountNumber = 'validation.required';
  else if (!schema.safeParse(number).success)
    errors.accountNumber =
      kind === 'bank'
        ? 'withdrawal.payee.invalidAccountNumber'
        : 'withdrawal.payee.invalidWalletId';
  if (!fields.paymentPassword) errors.paymentPassword = 'validation.required';
  return errors;
};

type BankCardFormProps = {
  token: string;
  kind: PayeeAccountKind;
  payeeName: string | null;
  onBound: () => void;
};

/** Binds a bank card or an e-wallet; the payment password proves it is the member. */
export const BankCardForm = ({ token, kind, payeeName, onBound }: BankCardFormProps) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const walletTypeId = useId();
  const empty: BankCardFields = {
    bankName: '',
    walletType: E_WALLET_TYPES[0],
    accountName: payeeName ?? '',
    accountNumber: '',
    paymentPassword: '',
  };
  const [fields, setFields] = useState<BankCardFields>(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [submitting, setSubmitting] = useState(false);

  const set = <K extends keyof BankCardFields>(name: K, value: BankCardFields[K]) => {
    setFields((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const onSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const found = validateBankCard(fields, kind, payeeName);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(event.currentTarget);
      return;
    }
    setSubmitting(true);
    setFailure(null);
    try {
      if (kind === 'bank')
        await bindBankCardRequest({
          bankName: fields.bankName.trim(),
          accountName: fields.accountName.trim(),
          accountNumber: compactAccountNumber(fields.accountNumber),
          paymentPassword: fields.paymentPassword,
        });
      else
        await bindEWalletRequest({
          walletType: fields.walletType,
          walletId: fields.accountNumber.trim(),
          accountName: fields.accountName.trim(),
          paymentPassword: fields.paymentPassword,
        });
      await queryClient.invalidateQueries({ queryKey: payeeAccountsQuery(token).queryKey });
      setFields(empty);
      onBound();
    } catch (caught) {
      setFailure(caught);
    } finally {
      setSubmitting(false);
    }
  };

  const testId = `bind-${kind}`;
  return (
    <form
      className={tabStyles.stack}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      data-testid={testId}
    >
      {kind === 'bank' ? (
        <TextField
          label={t('withdrawal.payee.bankName')}
          required
          value={fields.bankName}
          onChange={(event) => set('bankName', event.target.value)}
          maxLength={60}
          autoComplete="off"
          error={errors.bankName && t(errors.bankName)}
          data-testid={`${testId}-bank-name`}
        />
      ) : (
        <div className={formStyles.field}>
          <label className={formStyles.label} htmlFor={walletTypeId}>
            {t('withdrawal.payee.walletType')}
          </label>
          <select
            id={walletTypeId}
            className={styles.select}
            value={fields.walletType}
            onChange={(event) => set('walletType', event.target.value as EWalletType)}
            data-testid={`${testId}-wallet-type`}
          >
            {E_WALLET_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`withdrawal.walletType.${type}`)}
              </option>
            ))}
          </select>
        </div>
      )}
      <TextField
        label={t('withdrawal.payee.accountName')}
        required
        value={fields.accountName}
        onChange={(event) => set('accountName', event.target.value)}
        maxLength={50}
        autoComplete="name"
        readOnly={payeeName !== null}
        hint={payeeName ? t('withdrawal.payee.nameFromProfile') : undefined}
        error={errors.accountName && t(errors.accountName)}
        data-testid={`${testId}-account-name`}
      />
      <TextField
        label={t(kind === 'bank' ? 'withdrawal.payee.accountNumber' : 'withdrawal.payee.walletId')}
        required
        value={fields.accountNumber}
        onChange={(event) => set('accountNumber', event.target.value)}
        inputMode={kind === 'bank' ? 'numeric' : 'text'}
        maxLength={64}
        autoComplete="off"
        error={errors.accountNumber && t(errors.accountNumber)}
        data-testid={`${testId}-account-number`}
      />
      <PasswordField
        label={t('withdrawal.password.label')}
        required
        value={fields.paymentPassword}
        onChange={(event) => set('paymentPassword', event.target.value)}
        inputMode="numeric"
        autoComplete="off"
        maxLength={128}
        error={errors.paymentPassword && t(errors.paymentPassword)}
        data-testid={`${testId}-password`}
      />
      {failure !== null && (
        <FormAlert testId={`${testId}-error`}>{t(errorMessageKey(failure))}</FormAlert>
      )}
      <SubmitButton busy={submitting} testId={`${testId}-submit`}>
        {submitting ? t('withdrawal.saving') : t(`withdrawal.payee.bind.${kind}`)}
      </SubmitButton>
    </form>
  );
};
