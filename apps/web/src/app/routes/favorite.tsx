import { useTranslation } from 'react-i18next';
import { LaterReleasePage } from './later-release-page';

export const FavoriteRoute = () => {
  const { t } = useTranslation();
  return <LaterReleasePage title={t('pages.favorite')} icon="heart" testId="page-favorite" />;
};
