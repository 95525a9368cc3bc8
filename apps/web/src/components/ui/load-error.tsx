import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './load-error.module.css';

type LoadErrorProps = { message: ReactNode; onRetry: () => void; testId?: string };

/** What a list or a page shows when its data could not be read: why, and a retry button. */
export const LoadError = ({ message, onRetry, testId }: LoadErrorProps) => {
  const { t } = useTranslation();
  return (
    <div className={styles.loadError} role="alert" data-testid={testId}>
      <p>{message}</p>
      <button type="button" className="btn btn--secondary" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
};
