import { useTranslation } from 'react-i18next';
import { LaterReleasePage } from './later-release-page';

export const AnnounceRoute = () => {
  const { t } = useTranslation();
  return <LaterReleasePage title={t('pages.announce')} icon="megaphone" testId="page-announce" />;
};
