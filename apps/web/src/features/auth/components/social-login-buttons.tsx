import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/ui/form/form-alert';
import { Icon } from '@/components/ui/icon';
import { useSocialProviders } from '../api/find-social-providers';
import { startSocialLoginRequest } from '../api/start-social-login';
import { errorText } from '../utils/error-message';
import { leaveFor } from '../utils/leave-for';
import styles from './auth-forms.module.css';

/**
 * Social login (spec section 2, Login popup: optional facebook, google, line): one button per
 * provider the merchant enabled. A button leaves for the provider's sign-in page; the provider
 * sends the visitor back to the callback page, which finishes the sign-in. Nothing shows when
 * the merchant offers none, or while the list loads.
 */
export const SocialLoginButtons = () => {
  const { t } = useTranslation();
  const providers = useSocialProviders();
  const [leaving, setLeaving] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const list = providers.data?.providers ?? [];
  if (list.length === 0) return null;

  const start = async (key: string) => {
    if (leaving) return;
    setLeaving(key);
    setError(null);
    try {
      const { authorizationUrl } = await startSocialLoginRequest(key);
      leaveFor(authorizationUrl);
    } catch (caught) {
      setError(caught);
      setLeaving(null);
    }
  };

  return (
    <div className={styles.stack} data-testid="social-login">
      <p className={styles.divider}>{t('auth.social.or')}</p>
      {error !== null && <FormAlert testId="social-login-error">{errorText(t, error)}</FormAlert>}
      {list.map((provider) => (
        <button
          key={provider.key}
          type="button"
          className={`btn btn--secondary ${styles.secondary}`}
          disabled={leaving !== null}
          aria-busy={leaving === provider.key}
          onClick={() => void start(provider.key)}
          data-testid={`social-login-${provider.key}`}
        >
          <Icon name="login" size={16} />
          {t('auth.social.continueWith', { name: provider.displayName })}
        </button>
      ))}
    </div>
  );
};
