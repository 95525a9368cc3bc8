import { EnableTotpRequestSchema } from '@lanna/contract';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/ui/form/form-alert';
import { TextField } from '@/components/ui/form/text-field';
import { useContractForm } from '@/components/ui/form/use-contract-form';
import { Icon } from '@/components/ui/icon';
import { Spinner } from '@/components/ui/spinner';
import { useEnableTotp } from '../api/enable-totp';
import { useTotpStatus } from '../api/get-totp-status';
import { useSetupTotp } from '../api/setup-totp';
import { errorText } from '../utils/error-message';
import { digitsOnly } from './fields/digits-only';
import styles from './security-center.module.css';

const MESSAGES = {
  code: { required: 'auth.validation.codeRequired', invalid: 'auth.validation.codeInvalid' },
};

/**
 * The authenticator app (issue 3, item 7): enrolment with a QR code and a first code, after
 * which a login from a new address can be finished with the app.
 */
export const AuthenticatorCard = ({ token }: { token: string }) => {
  const { t } = useTranslation();
  const status = useTotpStatus(token);
  const setup = useSetupTotp();
  const enable = useEnableTotp();
  const form = useContractForm(EnableTotpRequestSchema, { code: '' }, { messages: MESSAGES });
  const code = form.register('code');

  const onEnable = async ({ code: first }: { code: string }) => {
    await enable.mutateAsync(first);
    form.reset();
  };

  const body = () => {
    if (status.isPending) return <Spinner label={t('common.loading')} size={24} />;
    if (status.isError) return <FormAlert>{errorText(t, status.error)}</FormAlert>;
    if (status.data.enabled)
      return (
        <FormAlert tone="success" testId="security-totp-enabled">
          {t('security.totpEnabled')}
        </FormAlert>
      );
    if (!setup.data)
      return (
        <>
          {setup.isError && <FormAlert>{errorText(t, setup.error)}</FormAlert>}
          <button
            type="button"
            className="btn btn--secondary"
            disabled={setup.isPending}
            onClick={() => setup.mutate()}
            data-testid="security-totp-setup"
          >
            <Icon name="smartphone" size={16} />
            {t('security.totpSetup')}
          </button>
        </>
      );
    return (
      <form className={styles.totp} noValidate onSubmit={form.submit(onEnable)}>
        <img
          className={styles.qr}
          src={setup.data.qrCodeDataUrl}
          alt={t('security.totpQr')}
          width={168}
          height={168}
          data-testid="security-totp-qr"
        />
        <div className={styles.totpSteps}>
          <p className={styles.lead}>{t('security.totpScan')}</p>
          <p className={styles.lead}>
            {t('security.totpSecret')}{' '}
            <code className={styles.secret} data-testid="security-totp-secret">
              {setup.data.secret}
            </code>
          </p>
          <TextField
            label={t('security.totpCode')}
            required
            {...code}
            onChange={digitsOnly(code)}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={form.fieldError('code')}
            data-testid="security-totp-code"
          />
          {form.alert && <FormAlert>{form.alert}</FormAlert>}
          <button
            type="submit"
            className="btn btn--primary"
            disabled={form.formState.isSubmitting}
            aria-busy={form.formState.isSubmitting}
            data-testid="security-totp-enable"
          >
            {t('security.totpEnable')}
          </button>
        </div>
      </form>
    );
  };

  return (
    <section
      className={styles.card}
      aria-labelledby="security-totp-title"
      data-testid="security-totp"
    >
      <h2 id="security-totp-title" className={styles.cardTitle}>
        <Icon name="key" />
        {t('security.totp')}
      </h2>
      <p className={styles.lead}>{t('security.totpLead')}</p>
      {body()}
    </section>
  );
};
