import {
  ConfirmWithdrawalBodySchema,
  PROOF_IMAGE_MAX_COUNT,
  type ConfirmWithdrawalBody,
  type Withdrawal,
} from '@lanna/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormAlert } from '@/components/ui/form/form-alert';
import formStyles from '@/components/ui/form/form.module.css';
import { refusal } from '@/components/ui/form/issue-text';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { TextField } from '@/components/ui/form/text-field';
import { useContractForm } from '@/components/ui/form/use-contract-form';
import { ImagePicker } from '@/components/ui/image-picker';
import { Modal } from '@/components/ui/modal/modal';
import { formatMinorUnits } from '@/lib/money';
import { confirmWithdrawalRequest, WITHDRAWAL_QUERY_ROOT } from '../api/withdrawals';
import type { ProofFile } from '@/lib/image-files';
import { paymentAmountSchema } from '../utils/payment-amount';
import tabStyles from './payment-tab.module.css';
import styles from './withdrawal-page.module.css';

type Outcome = ConfirmWithdrawalBody['outcome'];
const OUTCOMES: readonly Outcome[] = ['received', 'partly_received', 'not_received'];

/**
 * What the dialog sends, read from its fields: partly received needs an amount still missing
 * between 0 and the withdrawal (parsed as text, no floating point); not received needs 1 to 3
 * proof images. The body is then the contract's own.
 */
export const confirmationSchema = (
  withdrawal: Pick<Withdrawal, 'amountMinor'>,
  currencyDecimals: number,
) => {
  // Every outcome keeps both fields, so switching back and forth loses nothing typed.
  const fields = { remaining: z.string(), proofs: z.array(z.custom<ProofFile>()) };
  return z
    .discriminatedUnion('outcome', [
      z.object({ ...fields, outcome: z.literal('received') }),
      z.object({
        ...fields,
        outcome: z.literal('partly_received'),
        remaining: paymentAmountSchema(currencyDecimals, 'withdrawal').refine(
          (remainingMinor) => BigInt(remainingMinor) < BigInt(withdrawal.amountMinor),
          refusal({ key: 'errors.WITHDRAWAL_REMAINING_OUT_OF_RANGE' }),
        ),
      }),
      z.object({
        ...fields,
        outcome: z.literal('not_received'),
        proofs: fields.proofs.refine(
          (proofs) => proofs.length > 0,
          refusal({ key: 'withdrawal.confirm.proofRequired' }),
        ),
      }),
    ])
    .transform((fields): ConfirmWithdrawalBody => {
      if (fields.outcome === 'partly_received')
        return { outcome: fields.outcome, remainingMinor: fields.remaining };
      if (fields.outcome === 'not_received')
        return { outcome: fields.outcome, proofImages: fields.proofs.map((proof) => proof.base64) };
      return { outcome: fields.outcome };
    })
    .pipe(ConfirmWithdrawalBodySchema);
};

type WithdrawalConfirmDialogProps = {
  withdrawal: Withdrawal | null;
  currencySymbol: string;
  currencyDecimals: number;
  onClose: () => void;
};

/** 'Did the money arrive?' (spec section 4): received, partly with the amount missing, or not. */
export const WithdrawalConfirmDialog = ({
  withdrawal,
  currencySymbol,
  currencyDecimals,
  onClose,
}: WithdrawalConfirmDialogProps) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const groupId = useId();
  const amountMinor = withdrawal?.amountMinor ?? '0';
  const schema = useMemo(
    () => confirmationSchema({ amountMinor }, currencyDecimals),
    [amountMinor, currencyDecimals],
  );
  const form = useContractForm(schema, { outcome: 'received', remaining: '', proofs: [] });
  const submitting = form.formState.isSubmitting;
  const outcome = form.watch('outcome');
  const proofs = form.watch('proofs');
  const problem = form.fieldError('proofs');

  const close = () => {
    form.reset();
    onClose();
  };

  const onSubmit = form.submit(async (body) => {
    if (!withdrawal) return;
    await confirmWithdrawalRequest(withdrawal.id, body);
    void queryClient.invalidateQueries({ queryKey: WITHDRAWAL_QUERY_ROOT });
    close();
  });

  const amount = withdrawal
    ? `${currencySymbol}${formatMinorUnits(withdrawal.amountMinor, currencyDecimals)}`
    : '';
  return (
    <Modal
      name="withdrawal-confirm"
      open={withdrawal !== null}
      title={t('withdrawal.confirm.title')}
      closable
      closeLabel={t('common.close')}
      onClose={close}
    >
      <form
        className={tabStyles.stack}
        noValidate
        onSubmit={onSubmit}
        data-testid="withdrawal-confirm-form"
      >
        <p>{t('withdrawal.confirm.question', { amount })}</p>
        <fieldset className={styles.choices} aria-labelledby={groupId}>
          <legend id={groupId} className={formStyles.label}>
            {t('withdrawal.confirm.outcome')}
          </legend>
          {OUTCOMES.map((option) => (
            <label key={option} className={styles.choice}>
              <input
                type="radio"
                value={option}
                {...form.register('outcome')}
                data-testid={`withdrawal-confirm-${option}`}
              />
              {t(`withdrawal.status.${option}`)}
            </label>
          ))}
        </fieldset>
        {outcome === 'partly_received' && (
          <TextField
            label={t('withdrawal.confirm.remaining')}
            required
            {...form.register('remaining')}
            error={form.fieldError('remaining')}
            inputMode="decimal"
            prefix={currencySymbol}
            maxLength={30}
            data-testid="withdrawal-confirm-remaining"
          />
        )}
        {outcome === 'not_received' && (
          <ImagePicker
            label={t('withdrawal.confirm.proofs', { max: String(PROOF_IMAGE_MAX_COUNT) })}
            hint={t('withdrawal.confirm.proofRules')}
            images={proofs}
            onImagesChange={(update) =>
              form.setValue('proofs', update(form.getValues('proofs')), {
                shouldValidate: form.formState.isSubmitted,
              })
            }
            onProblem={(found) =>
              found
                ? form.setError('proofs', { message: t(`withdrawal.confirm.file.${found}`) })
                : form.clearErrors('proofs')
            }
            max={PROOF_IMAGE_MAX_COUNT}
            removeLabel={(name) => t('withdrawal.confirm.removeProof', { name })}
            look="framed"
            testId="withdrawal-confirm-files"
            previewsTestId="withdrawal-confirm-previews"
          />
        )}
        {problem && <FormAlert testId="withdrawal-confirm-problem">{problem}</FormAlert>}
        {form.alert && <FormAlert testId="withdrawal-confirm-error">{form.alert}</FormAlert>}
        <SubmitButton busy={submitting} testId="withdrawal-confirm-submit">
          {submitting ? t('withdrawal.sending') : t('withdrawal.confirm.submit')}
        </SubmitButton>
      </form>
    </Modal>
  );
};
