import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/ui/form/form-alert';
import { Icon } from '@/components/ui/icon';
import { freeplayLoginRequest } from '../api/freeplay-login';
import { useCompleteSignIn, type SignInResult } from '../hooks/use-complete-sign-in';
import { errorText } from '../utils/error-message';
import styles from './auth-forms.module.css';

type FreeplayButtonProps = { onSignedIn: (result: SignInResult) => void };

/** Free play (flag FREEPLAY3): signs the visitor in with a new trial account (spec section 4). */
export const FreeplayButton = ({ onSignedIn }: FreeplayButtonProps) => {
  const { t } = useTranslation();
  const completeSignIn = useCompleteSignIn();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const start = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await completeSignIn(await freeplayLoginRequest()));
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <p className={styles.divider}>{t('auth.or')}</p>
      {error !== null && <FormAlert testId="freeplay-error">{errorText(t, error)}</FormAlert>}
      <button
        type="button"
        className={`btn btn--secondary ${styles.secondary}`}
        disabled={busy}
        aria-busy={busy}
        onClick={() => void start()}
        data-testid="login-freeplay"
      >
        <Icon name="play" size={16} />
        {t('auth.freeplay')}
      </button>
    </>
  );
};
