import { useTranslation } from 'react-i18next';
import { LaterReleasePage } from './later-release-page';

export const ForgetRoute = () => {
  const { t } = useTranslation();
  return <LaterReleasePage title={t('pages.forget')} icon="lock" testId="page-forget" />;
};
