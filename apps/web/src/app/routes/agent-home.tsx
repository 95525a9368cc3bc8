import { useTranslation } from 'react-i18next';
import { LaterReleasePage } from './later-release-page';

export const AgentHomeRoute = () => {
  const { t } = useTranslation();
  return <LaterReleasePage title={t('pages.agentHome')} icon="users" testId="page-agentHome" />;
};
