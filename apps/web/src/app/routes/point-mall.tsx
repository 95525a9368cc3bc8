import { useTranslation } from 'react-i18next';
import { LaterReleasePage } from './later-release-page';

export const PointMallRoute = () => {
  const { t } = useTranslation();
  return <LaterReleasePage title={t('pages.pointMall')} icon="store" testId="page-pointMall" />;
};
