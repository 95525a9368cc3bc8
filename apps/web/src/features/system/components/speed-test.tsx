import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { errorMessageKey } from '@/lib/api/api-error';
import { useRouters } from '../api/get-routers';
import { latencyTier, lineUrl, measureLatency } from '../utils/measure-latency';
import styles from './speed-test.module.css';

/** The speed selector tests the first 5 domains (spec section 9). */
const TESTED_DOMAINS = 5;

/** Lists the merchant's lines with their measured latency; choosing one moves the site there. */
export const SpeedTest = () => {
  const { t } = useTranslation();
  const routers = useRouters();
  // Each round measures every line once; 'test again' starts a new round.
  const [round, setRound] = useState(0);
  const lines = (routers.data?.domainList ?? []).slice(0, TESTED_DOMAINS);
  const latencies = useQueries({
    queries: lines.map((line) => ({
      queryKey: ['system', 'speed', line.domainName, round] as const,
      queryFn: () => measureLatency(line.domainName, line.pingPath),
      staleTime: Infinity,
      gcTime: 0,
      retry: false,
    })),
  });

  if (routers.isPending) return <Spinner label={t('common.loading')} centred />;
  if (routers.isError)
    return <EmptyState icon="wifi" message={t(errorMessageKey(routers.error))} />;
  if (lines.length === 0) return <EmptyState icon="wifi" message={t('no data')} />;

  return (
    <div data-testid="speed-test">
      <p className={styles.intro}>{t('speed.intro')}</p>
      <ol className={styles.list}>
        {lines.map((line, index) => {
          const ms = latencies[index]?.data;
          const tier = ms === undefined ? undefined : latencyTier(ms);
          const current = line.domainName === window.location.hostname;
          return (
            <li key={line.domainName} className={styles.row} data-current={current}>
              <span className={styles.index}>{index + 1}</span>
              <span className={styles.domain} title={line.domainName}>
                {line.domainName}
              </span>
              <span className={styles.latency} data-tier={tier}>
                <span className={styles.dot} aria-hidden="true" />
                {tier === undefined
                  ? t('speed.testing')
                  : tier === 'failed'
                    ? t('speed.failed')
                    : t('speed.ms', { ms })}
              </span>
              {current ? (
                <span className="btn btn--sm btn--ghost" aria-disabled="true">
                  {t('speed.current')}
                </span>
              ) : (
                <a className="btn btn--sm btn--secondary" href={lineUrl(line.domainName, '/')}>
                  {t('speed.switch')}
                </a>
              )}
            </li>
          );
        })}
      </ol>
      <div className={styles.actions}>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() => setRound((value) => value + 1)}
        >
          {t('speed.retest')}
        </button>
      </div>
    </div>
  );
};
