import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { PagePlaceholder } from '@/components/ui/page-placeholder';
import { paths } from '@/config/paths';
import { errorMessageKey, isApiError } from '@/lib/api/api-error';

/** A chunk that fails to download after a deploy or on a flaky line. */
const isChunkError = (error: unknown): boolean =>
  error instanceof Error &&
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Loading chunk/i.test(
    error.message,
  );

/**
 * One per route, so a failing screen (a chunk that did not load, a render error) never blanks
 * the layout: the member gets a retry instead (spec section 2: failed navigations are ignored).
 */
export const RouteError = () => {
  const { t } = useTranslation();
  const error = useRouteError();
  const message = isApiError(error)
    ? t(errorMessageKey(error))
    : isChunkError(error)
      ? t('routeError.chunk')
      : isRouteErrorResponse(error) && error.status === 404
        ? t('notFound.text')
        : t('routeError.text');
  return (
    <PagePlaceholder icon="wifi" title={t('routeError.title')} text={message} testId="route-error">
      <span style={{ display: 'flex', gap: 12, flexWrap: 'wrap', justifyContent: 'center' }}>
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          {t('common.retry')}
        </button>
        <Link className="btn btn--secondary" to={paths.home}>
          {t('common.backHome')}
        </Link>
      </span>
    </PagePlaceholder>
  );
};
