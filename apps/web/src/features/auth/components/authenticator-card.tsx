import { VerificationCodeSchema } from '@lanna/contract';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/ui/form/form-alert';
import { TextField } from '@/components/ui/form/text-field';
import { Icon } from '@/components/ui/icon';
import { Spinner } from '@/components/ui/spinner';
import { useEnableTotp } from '../api/enable-totp';
import { useTotpStatus } from '../api/get-totp-status';
import { useSetupTotp } from '../api/setup-totp';
import { errorText } from '../utils/error-message';
import styles from './security-center.module.css';

/**
 * The authenticator app (issue 3, item 7): enrolment with a QR code and a first code, after
 * which a login from a new address can be finished with the app.
 */
export const AuthenticatorCard = ({ token }: { token: string }) => {
  const { t } = useTranslation();
  const status = useTotpStatus(token);
  const setup = useSetupTotp();
  const enable = useEnableTotp();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);

  const onEnable = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!VerificationCodeSchema.safeParse(code).success) {
      setCodeError(t('auth.validation.codeInvalid'));
      return;
    }
    enable.mutate(code, { onSuccess: () => setCode('') });
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
      <form className={styles.totp} noValidate onSubmit={onEnable}>
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
            value={code}
            onChange={(event) => {
              setCode(event.target.value.replace(/\D/g, ''));
              setCodeError(null);
            }}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={codeError ?? undefined}
            data-testid="security-totp-code"
          />
          {enable.isError && <FormAlert>{errorText(t, enable.error)}</FormAlert>}
          <button
            type="submit"
            className="btn btn--primary"
            disabled={enable.isPending}
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
