import { useTranslation } from 'react-i18next';
import { LaterReleasePage } from './later-release-page';

export const RecentRoute = () => {
  const { t } = useTranslation();
  return <LaterReleasePage title={t('pages.recent')} icon="history" testId="page-recent" />;
};
