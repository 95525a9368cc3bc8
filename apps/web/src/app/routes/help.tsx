import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { HELP_BACK_PATH, loginPath, paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { FeedbackForm } from '@/features/content/components/feedback-form';
import { FeedbackHistory } from '@/features/content/components/feedback-history';
import { HelpCentre } from '@/features/content/components/help-centre';
import { useBootData } from '../boot-data';
import styles from './content-page.module.css';
import helpStyles from './help.module.css';

/**
 * Help centre (spec section 2): a back button to /index, the title 'in_help_center' and the
 * embedded help component; below it, support feedback with its history for a signed-in real
 * account (a guest is offered the login, a trial account is told it needs a real one).
 */
export const HelpRoute = () => {
  const { t } = useTranslation();
  const { merchant } = useBootData();
  const auth = useAuth();
  return (
    <section className={styles.page} data-testid="page-help">
      <Link
        to={HELP_BACK_PATH}
        className={`btn btn--ghost btn--sm ${helpStyles.back}`}
        data-testid="help-back"
      >
        <Icon name="arrowLeft" size={16} />
        {t('common.back')}
      </Link>
      <header className={styles.head}>
        <span className={styles.icon}>
          <Icon name="help" size={22} />
        </span>
        <h1 className={styles.title}>{t('in_help_center')}</h1>
      </header>
      <HelpCentre />
      <section className={styles.section} aria-labelledby="feedback-title" data-testid="feedback">
        <h2 id="feedback-title" className={styles.sectionTitle}>
          {t('feedback.title')}
        </h2>
        {!auth.isLogin ? (
          <p className={helpStyles.note}>
            {t('feedback.loginFirst')}{' '}
            <Link to={loginPath(`${paths.help}#feedback`)} data-testid="feedback-login">
              {t('feedback.login')}
            </Link>
          </p>
        ) : auth.isTrial ? (
          <p className={helpStyles.note}>{t('in_need_true_account')}</p>
        ) : (
          <>
            <FeedbackForm />
            <h3 className={styles.sectionTitle}>{t('feedback.history')}</h3>
            <FeedbackHistory token={auth.token} timeZone={merchant.timeZone} />
          </>
        )}
      </section>
    </section>
  );
};
