import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { HELP_BACK_PATH } from '@/config/paths';
import { LaterReleasePage } from './later-release-page';
import styles from './help.module.css';

/** Help centre (spec section 2): a back button to /index and the title 'in_help_center'. */
export const HelpRoute = () => {
  const { t } = useTranslation();
  return (
    <div>
      <Link
        to={HELP_BACK_PATH}
        className={`btn btn--ghost btn--sm ${styles.back}`}
        data-testid="help-back"
      >
        <Icon name="arrowLeft" size={16} />
        {t('common.back')}
      </Link>
      <LaterReleasePage title={t('in_help_center')} icon="help" testId="page-help" />
    </div>
  );
};
