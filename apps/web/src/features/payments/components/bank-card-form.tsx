import {
  BindBankCardPayloadSchema,
  BindEWalletPayloadSchema,
  E_WALLET_TYPES,
  type PayeeAccountKind,
} from '@lanna/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormAlert } from '@/components/ui/form/form-alert';
import formStyles from '@/components/ui/form/form.module.css';
import { refusal } from '@/components/ui/form/issue-text';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { PasswordField, TextField } from '@/components/ui/form/text-field';
import { useContractForm } from '@/components/ui/form/use-contract-form';
import { bindBankCardRequest, bindEWalletRequest, payeeAccountsQuery } from '../api/bank-cards';
import tabStyles from './payment-tab.module.css';
import styles from './withdrawal-page.module.css';

/** Spaces and hyphens people type in account numbers are dropped before sending. */
export const compactAccountNumber = (value: string): string => value.replace(/[\s-]/g, '');

const sameName = (a: string, b: string) =>
  a.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase() ===
  b.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The binding payloads' own schemas in one form (the account number is an e-wallet's wallet
 * id), and the payee name where the profile has one, as the server compares it.
 */
export const bankCardSchema = (kind: PayeeAccountKind, payeeName: string | null) => {
  const card = BindBankCardPayloadSchema.shape;
  const wallet = BindEWalletPayloadSchema.shape;
  return z.object({
    bankName: kind === 'bank' ? card.bankName : z.string(),
    walletType: wallet.walletType,
    accountName: card.accountName.refine(
      (name) => payeeName === null || sameName(payeeName, name),
      refusal({ key: 'errors.PAYEE_NAME_MISMATCH' }),
    ),
    accountNumber:
      kind === 'bank'
        ? z.string().transform(compactAccountNumber).pipe(card.accountNumber)
        : wallet.walletId,
    paymentPassword: card.paymentPassword,
  });
};

const PATTERN_TEXTS = {
  bankName: { invalid: 'withdrawal.payee.invalidBankName' },
  accountName: { invalid: 'withdrawal.payee.invalidName' },
};

/** What a field that breaks its pattern says, by kind of account. */
const MESSAGES = {
  bank: {
    ...PATTERN_TEXTS,
    accountNumber: { invalid: 'withdrawal.payee.invalidAccountNumber' },
  },
  ewallet: { ...PATTERN_TEXTS, accountNumber: { invalid: 'withdrawal.payee.invalidWalletId' } },
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
  const schema = useMemo(() => bankCardSchema(kind, payeeName), [kind, payeeName]);
  const form = useContractForm(
    schema,
    {
      bankName: '',
      walletType: E_WALLET_TYPES[0],
      accountName: payeeName ?? '',
      accountNumber: '',
      paymentPassword: '',
    },
    { messages: MESSAGES[kind] },
  );
  const submitting = form.formState.isSubmitting;

  const onSubmit = form.submit(async (fields) => {
    const { bankName, walletType, accountName, accountNumber, paymentPassword } = fields;
    if (kind === 'bank')
      await bindBankCardRequest({ bankName, accountName, accountNumber, paymentPassword });
    else
      await bindEWalletRequest({
        walletType,
        walletId: accountNumber,
        accountName,
        paymentPassword,
      });
    await queryClient.invalidateQueries({ queryKey: payeeAccountsQuery(token).queryKey });
    form.reset();
    onBound();
  });

  const testId = `bind-${kind}`;
  return (
    <form className={tabStyles.stack} noValidate onSubmit={onSubmit} data-testid={testId}>
      {kind === 'bank' ? (
        <TextField
          label={t('withdrawal.payee.bankName')}
          required
          {...form.register('bankName')}
          maxLength={60}
          autoComplete="off"
          error={form.fieldError('bankName')}
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
            {...form.register('walletType')}
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
        {...form.register('accountName')}
        maxLength={50}
        autoComplete="name"
        readOnly={payeeName !== null}
        hint={payeeName ? t('withdrawal.payee.nameFromProfile') : undefined}
        error={form.fieldError('accountName')}
        data-testid={`${testId}-account-name`}
      />
      <TextField
        label={t(kind === 'bank' ? 'withdrawal.payee.accountNumber' : 'withdrawal.payee.walletId')}
        required
        {...form.register('accountNumber')}
        inputMode={kind === 'bank' ? 'numeric' : 'text'}
        maxLength={64}
        autoComplete="off"
        error={form.fieldError('accountNumber')}
        data-testid={`${testId}-account-number`}
      />
      <PasswordField
        label={t('withdrawal.password.label')}
        required
        {...form.register('paymentPassword')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={128}
        error={form.fieldError('paymentPassword')}
        data-testid={`${testId}-password`}
      />
      {form.alert && <FormAlert testId={`${testId}-error`}>{form.alert}</FormAlert>}
      <SubmitButton busy={submitting} testId={`${testId}-submit`}>
        {submitting ? t('withdrawal.saving') : t(`withdrawal.payee.bind.${kind}`)}
      </SubmitButton>
    </form>
  );
};
