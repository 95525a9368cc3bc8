import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { LaterReleasePage } from './later-release-page';

export const AgentRoute = () => {
  const { t } = useTranslation();
  return (
    <LaterReleasePage title={t('pages.agent')} icon="shield" testId="page-agent">
      <Link className="btn btn--secondary" to={paths.home}>
        {t('common.backHome')}
      </Link>
    </LaterReleasePage>
  );
};
