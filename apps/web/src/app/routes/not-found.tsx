import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PagePlaceholder } from '@/components/ui/page-placeholder';
import { paths } from '@/config/paths';

export const NotFoundRoute = () => {
  const { t } = useTranslation();
  return (
    <PagePlaceholder
      icon="search"
      title={t('notFound.title')}
      text={t('notFound.text')}
      testId="page-not-found"
    >
      <Link className="btn btn--primary" to={paths.home}>
        {t('common.backHome')}
      </Link>
    </PagePlaceholder>
  );
};
