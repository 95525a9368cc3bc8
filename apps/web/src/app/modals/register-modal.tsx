import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { loginPath, paths } from '@/config/paths';
import { RegisterForm } from '@/features/auth/components/register-form';
import { useRegisterRules } from '@/features/system/api/get-register-rules';
import { useRegisterSettings } from '@/features/system/api/get-register-settings';
import { errorMessageKey } from '@/lib/api/api-error';
import styles from '../layout/modal-host.module.css';

/**
 * The register popup's content (lazy: loaded when /register opens it): the merchant's
 * registration settings and field rules, then the form, with the codes an invitation link
 * carries. Success goes home (spec section 4).
 */
export const RegisterModal = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const settings = useRegisterSettings();
  const rules = useRegisterRules();

  if (settings.isPending || rules.isPending) return <Spinner label={t('common.loading')} />;
  if (settings.isError || rules.isError) {
    const retry = () => void Promise.all([settings.refetch(), rules.refetch()]);
    return (
      <div className={styles.failed}>
        <p>{t(errorMessageKey(settings.error ?? rules.error))}</p>
        <button type="button" className="btn btn--secondary" onClick={retry}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  return (
    <RegisterForm
      settings={settings.data}
      rules={rules.data.rules}
      referralCode={search.get('referralCode')}
      affiliateCode={search.get('affiliateCode')}
      onRegistered={() => void navigate(paths.home, { replace: true })}
      onLogin={() => void navigate(loginPath(), { replace: true })}
    />
  );
};
