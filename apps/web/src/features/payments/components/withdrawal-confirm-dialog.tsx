import {
  parseAmountToMinor,
  PROOF_IMAGE_MAX_COUNT,
  type ConfirmWithdrawalBody,
  type Withdrawal,
} from '@lanna/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/ui/form/form-alert';
import formStyles from '@/components/ui/form/form.module.css';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { TextField } from '@/components/ui/form/text-field';
import { ImagePicker } from '@/components/ui/image-picker';
import { Modal } from '@/components/ui/modal/modal';
import { errorMessageKey } from '@/lib/api/api-error';
import { formatMinorUnits } from '@/lib/money';
import { confirmWithdrawalRequest, WITHDRAWAL_QUERY_ROOT } from '../api/withdrawals';
import type { ProofFile } from '@/lib/image-files';
import tabStyles from './payment-tab.module.css';
import styles from './withdrawal-page.module.css';

type Outcome = ConfirmWithdrawalBody['outcome'];
const OUTCOMES: readonly Outcome[] = ['received', 'partly_received', 'not_received'];

/**
 * What the dialog would send, or the message that stops it: partly received needs an amount
 * still missing between 0 and the withdrawal (parsed as text, no floating point); not received
 * needs 1 to 3 proof images.
 */
export const confirmationBody = (
  outcome: Outcome,
  remainingText: string,
  proofs: readonly ProofFile[],
  withdrawal: Pick<Withdrawal, 'amountMinor'>,
  currencyDecimals: number,
): { ok: true; body: ConfirmWithdrawalBody } | { ok: false; key: string } => {
  if (outcome === 'received') return { ok: true, body: { outcome } };
  if (outcome === 'not_received')
    return proofs.length === 0
      ? { ok: false, key: 'withdrawal.confirm.proofRequired' }
      : { ok: true, body: { outcome, proofImages: proofs.map((proof) => proof.base64) } };
  const parsed = parseAmountToMinor(remainingText, currencyDecimals);
  if (!parsed.ok)
    return {
      ok: false,
      key: parsed.error === 'empty' ? 'validation.required' : `withdrawal.amount.${parsed.error}`,
    };
  if (parsed.amountMinor <= 0n || parsed.amountMinor >= BigInt(withdrawal.amountMinor))
    return { ok: false, key: 'errors.WITHDRAWAL_REMAINING_OUT_OF_RANGE' };
  return { ok: true, body: { outcome, remainingMinor: parsed.amountMinor.toString() } };
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
  const [outcome, setOutcome] = useState<Outcome>('received');
  const [remaining, setRemaining] = useState('');
  const [proofs, setProofs] = useState<ProofFile[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [submitting, setSubmitting] = useState(false);

  const close = () => {
    setOutcome('received');
    setRemaining('');
    setProofs([]);
    setProblem(null);
    setFailure(null);
    onClose();
  };

  const onSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!withdrawal || submitting) return;
    const built = confirmationBody(outcome, remaining, proofs, withdrawal, currencyDecimals);
    if (!built.ok) {
      setProblem(built.key);
      return;
    }
    setSubmitting(true);
    setFailure(null);
    try {
      await confirmWithdrawalRequest(withdrawal.id, built.body);
      void queryClient.invalidateQueries({ queryKey: WITHDRAWAL_QUERY_ROOT });
      close();
    } catch (caught) {
      setFailure(caught);
    } finally {
      setSubmitting(false);
    }
  };

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
        onSubmit={(event) => void onSubmit(event)}
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
                name="outcome"
                value={option}
                checked={outcome === option}
                onChange={() => {
                  setOutcome(option);
                  setProblem(null);
                }}
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
            value={remaining}
            onChange={(event) => {
              setRemaining(event.target.value);
              setProblem(null);
            }}
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
            onImagesChange={setProofs}
            onProblem={(found) => setProblem(found && `withdrawal.confirm.file.${found}`)}
            max={PROOF_IMAGE_MAX_COUNT}
            removeLabel={(name) => t('withdrawal.confirm.removeProof', { name })}
            look="framed"
            testId="withdrawal-confirm-files"
            previewsTestId="withdrawal-confirm-previews"
          />
        )}
        {problem && <FormAlert testId="withdrawal-confirm-problem">{t(problem)}</FormAlert>}
        {failure !== null && (
          <FormAlert testId="withdrawal-confirm-error">{t(errorMessageKey(failure))}</FormAlert>
        )}
        <SubmitButton busy={submitting} testId="withdrawal-confirm-submit">
          {submitting ? t('withdrawal.sending') : t('withdrawal.confirm.submit')}
        </SubmitButton>
      </form>
    </Modal>
  );
};
