import type { CustomerServiceEntry } from '@lanna/contract';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { formatDateTime, zoneOffsetLabel } from '@/lib/time';
import { openServiceWindow } from '../utils/open-service-window';
import styles from './closed-screen.module.css';

type MaintenanceScreenProps = {
  brandName: string | undefined;
  endsAt: string | null;
  timeZone: string;
  customerService: CustomerServiceEntry | undefined;
};

/** Status 1 (spec section 8): title, the end time when known, the text and customer service. */
export const MaintenanceScreen = ({
  brandName,
  endsAt,
  timeZone,
  customerService,
}: MaintenanceScreenProps) => {
  const { t } = useTranslation();
  const end = endsAt ? new Date(endsAt) : null;
  return (
    <main className={styles.screen} data-testid="maintenance-screen">
      <section className={styles.card} aria-labelledby="maintenance-title">
        {brandName && <p className={styles.brand}>{brandName}</p>}
        <span className={styles.emblem}>
          <Icon name="clock" size={40} />
        </span>
        <h1 id="maintenance-title" className={styles.title}>
          {t('game maintenance')}
        </h1>
        {end && (
          <p className={styles.fact} data-testid="maintenance-end">
            <span className={styles.factLabel}>{t('maintenance.endsAt')}</span>
            <time className={styles.factValue} dateTime={end.toISOString()}>
              {formatDateTime(end, timeZone)} ({zoneOffsetLabel(end, timeZone)})
            </time>
          </p>
        )}
        <p className={styles.text}>{t('info maintenance')}</p>
        {customerService && (
          <button
            type="button"
            className="btn btn--primary"
            data-testid="maintenance-service"
            onClick={() => openServiceWindow(customerService.path)}
          >
            <Icon name="headset" size={18} />
            {t('maintenance.contactService')}
          </button>
        )}
      </section>
    </main>
  );
};
