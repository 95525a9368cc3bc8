import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/ui/page-placeholder';
import { errorMessageKey } from '@/lib/api/api-error';

/** Shown when the boot calls fail (network link abnormal): the translated code and a retry. */
export const ConnectionError = ({ error, onRetry }: { error: unknown; onRetry: () => void }) => {
  const { t } = useTranslation();
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16 }}>
      <PagePlaceholder
        icon="wifi"
        title={t('connection.title')}
        text={t(errorMessageKey(error))}
        testId="connection-error"
      >
        <button type="button" className="btn btn--primary" onClick={onRetry}>
          {t('common.retry')}
        </button>
      </PagePlaceholder>
    </main>
  );
};
