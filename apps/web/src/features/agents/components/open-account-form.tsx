import type { FieldVerdict, OpenAccountPayload, RegisterRules } from '@lanna/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/ui/form/form-alert';
import formStyles from '@/components/ui/form/form.module.css';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { PasswordField, TextField } from '@/components/ui/form/text-field';
import { useContractForm } from '@/components/ui/form/use-contract-form';
import { isApiError } from '@/lib/api/api-error';
import { fieldMessage } from '@/lib/field-message';
import { openDownlineAccountRequest } from '../api/open-downline-account';
import { openAccountSchema, type OpenAccountFields } from '../utils/open-account-schema';
import styles from './register-centre.module.css';

const TEST_ID = 'open-account';
const KINDS: readonly OpenAccountPayload['kind'][] = ['member', 'agent'];

type Opened = { account: string; kind: OpenAccountPayload['kind'] };

type OpenAccountFormProps = {
  token: string;
  /** The merchant's registration rules: the new account's username and password follow them. */
  rules: RegisterRules;
};

/**
 * Opening a member or sub-agent account directly below the agent (spec section 6; issue 22
 * item 1), checked before sending as registration checks it. The new account's first login
 * asks for a new password, so the one the agent chose here is never kept.
 */
export const OpenAccountForm = ({ token, rules }: OpenAccountFormProps) => {
  const { t } = useTranslation();
  const titleId = useId();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState<Opened | null>(null);
  const form = useContractForm(
    openAccountSchema(rules),
    {
      username: '',
      password: '',
      confirmPassword: '',
      nickname: '',
      kind: 'member',
    },
    {
      // The server names the merchant rule's verdict: show that rule's own sentence.
      serverIssueMessage: ({ path, message }) => {
        const rule = path === 'username' || path === 'password' ? rules[path] : undefined;
        return rule ? fieldMessage(rule, message as FieldVerdict) : null;
      },
    },
  );
  const submitting = form.formState.isSubmitting;
  /** The rule's own sentence under its field, so the agent knows it before typing. */
  const hintOf = (field: 'username' | 'password') => {
    const rule = rules[field];
    const message = rule ? fieldMessage(rule, 'pattern') : null;
    return message ? t(message.key, message.values) : undefined;
  };

  const onSubmit = form.submit(
    async ({ username, password, nickname, kind }: OpenAccountFields) => {
      setOpened(null);
      try {
        const account = await openDownlineAccountRequest({
          username,
          password,
          kind,
          ...(nickname ? { nickname } : {}),
        });
        setOpened({ account: account.account, kind });
        form.reset();
        void queryClient.invalidateQueries({ queryKey: ['member', 'agent', 'downlines', token] });
        void queryClient.invalidateQueries({
          queryKey: ['member', 'agent', 'team', 'overview', token],
        });
      } catch (caught) {
        if (!isApiError(caught) || caught.code !== 'USERNAME_TAKEN') throw caught;
        form.setError(
          'username',
          { type: 'server', message: t('errors.USERNAME_TAKEN') },
          { shouldFocus: true },
        );
      }
    },
  );

  return (
    <section className={styles.card} aria-labelledby={titleId} data-testid={TEST_ID}>
      <h2 id={titleId} className={styles.title}>
        {t('agentCentre.openAccount.title')}
      </h2>
      <p className={styles.lead}>{t('agentCentre.openAccount.lead')}</p>
      <form className={formStyles.form} noValidate onSubmit={onSubmit}>
        <fieldset className={formStyles.choices}>
          <legend className={formStyles.label}>{t('agentCentre.openAccount.kind')}</legend>
          {KINDS.map((kind) => (
            <label key={kind} className={formStyles.choice}>
              <input
                type="radio"
                value={kind}
                {...form.register('kind')}
                data-testid={`${TEST_ID}-kind-${kind}`}
              />
              {t(`agentCentre.openAccount.kindChoice.${kind}`)}
            </label>
          ))}
        </fieldset>
        <TextField
          label={t('register.fields.username')}
          required
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={64}
          hint={hintOf('username')}
          {...form.register('username')}
          error={form.fieldError('username')}
          data-testid={`${TEST_ID}-username`}
        />
        <PasswordField
          label={t('register.fields.password')}
          required
          autoComplete="new-password"
          maxLength={128}
          hint={hintOf('password')}
          {...form.register('password')}
          error={form.fieldError('password')}
          data-testid={`${TEST_ID}-password`}
        />
        <PasswordField
          label={t('register.fields.confirmPassword')}
          required
          autoComplete="new-password"
          maxLength={128}
          {...form.register('confirmPassword')}
          error={form.fieldError('confirmPassword')}
          data-testid={`${TEST_ID}-confirm`}
        />
        <TextField
          label={t('register.fields.nickname')}
          autoComplete="off"
          maxLength={100}
          {...form.register('nickname')}
          error={form.fieldError('nickname')}
          data-testid={`${TEST_ID}-nickname`}
        />
        <div aria-live="polite">
          {form.alert && <FormAlert testId={`${TEST_ID}-error`}>{form.alert}</FormAlert>}
          {opened && (
            <FormAlert tone="success" testId={`${TEST_ID}-done`}>
              {t(`agentCentre.openAccount.opened.${opened.kind}`, { account: opened.account })}{' '}
              {t('agentCentre.openAccount.firstLogin')}
            </FormAlert>
          )}
        </div>
        <SubmitButton busy={submitting} testId={`${TEST_ID}-submit`}>
          {submitting ? t('agentCentre.openAccount.opening') : t('agentCentre.openAccount.submit')}
        </SubmitButton>
      </form>
    </section>
  );
};
