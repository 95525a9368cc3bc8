import { useTranslation } from 'react-i18next';
import { LaterReleasePage } from './later-release-page';

export const SeamlessRoute = () => {
  const { t } = useTranslation();
  return <LaterReleasePage title={t('pages.seamless')} icon="gamepad" testId="page-seamless" />;
};
