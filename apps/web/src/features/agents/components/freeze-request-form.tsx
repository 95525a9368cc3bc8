import { FreezeReasonSchema } from '@lanna/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormAlert } from '@/components/ui/form/form-alert';
import formStyles from '@/components/ui/form/form.module.css';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { TextField } from '@/components/ui/form/text-field';
import { useContractForm } from '@/components/ui/form/use-contract-form';
import { requestDownlineFreezeRequest } from '../api/request-downline-freeze';

const TEST_ID = 'freeze-request';
const FreezeRequestFieldsSchema = z.object({ reason: FreezeReasonSchema });

type FreezeRequestFormProps = {
  token: string;
  account: string;
  /** After the request is filed: the dialog closes. */
  onDone: () => void;
};

/**
 * Asking the operators to freeze a member of the team (issue 22 item 1): the agent says why;
 * the operators decide, and the agent's messages tell it what they did.
 */
export const FreezeRequestForm = ({ token, account, onDone }: FreezeRequestFormProps) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useContractForm(FreezeRequestFieldsSchema, { reason: '' });
  const submitting = form.formState.isSubmitting;
  const onSubmit = form.submit(async ({ reason }) => {
    await requestDownlineFreezeRequest(account, reason);
    await queryClient.invalidateQueries({ queryKey: ['member', 'agent', 'downlines', token] });
    onDone();
  });
  return (
    <form className={formStyles.form} noValidate onSubmit={onSubmit} data-testid={TEST_ID}>
      <p>{t('agentCentre.downlines.freezeLead', { account })}</p>
      <TextField
        label={t('agentCentre.downlines.freezeReason')}
        required
        maxLength={500}
        autoComplete="off"
        {...form.register('reason')}
        error={form.fieldError('reason')}
        data-testid={`${TEST_ID}-reason`}
      />
      <div aria-live="polite">
        {form.alert && <FormAlert testId={`${TEST_ID}-error`}>{form.alert}</FormAlert>}
      </div>
      <SubmitButton busy={submitting} testId={`${TEST_ID}-submit`}>
        {t('agentCentre.downlines.freezeSubmit')}
      </SubmitButton>
    </form>
  );
};
