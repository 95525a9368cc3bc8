import { useTranslation } from 'react-i18next';
import { LaterReleasePage } from './later-release-page';

export const PromotionsRoute = () => {
  const { t } = useTranslation();
  return <LaterReleasePage title={t('pages.promotions')} icon="gift" testId="page-promotions" />;
};
